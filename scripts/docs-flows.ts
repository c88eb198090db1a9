// Writes docs/flows.md: the statecharts of machines/ as Mermaid diagrams.
import { writeFileSync } from 'node:fs';
import { flowsMarkdown } from '../machines/statecharts';

writeFileSync(new URL('../docs/flows.md', import.meta.url), flowsMarkdown());
console.log('docs/flows.md written');
