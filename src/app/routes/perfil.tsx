import { ProfileView } from '../../features/account/components/profile-view';

/** Perfil (spec §2): the person's registration, editable; `?aviso=<message id>` warns. */
export function PerfilPage() {
  return <ProfileView />;
}
