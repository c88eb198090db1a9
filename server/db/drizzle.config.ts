/**
 * drizzle-kit configuration. Generate a migration after changing `schema.ts`:
 * `npx drizzle-kit generate --config server/db/drizzle.config.ts --name <what_changed>`.
 * The migrations are applied at start by `migrateDb` (server/db/client.ts).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
});
