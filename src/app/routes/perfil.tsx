import { ProfileView } from '#src/features/account/components/profile-view.tsx';

/** Perfil (spec §2): the person's registration, editable; `?aviso=<message id>` warns. */
export function PerfilPage() {
  return <ProfileView />;
}
