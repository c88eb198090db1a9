import { ForgotPasswordModal } from './forgot-password-modal';
import { SignUpModal } from './sign-up-modal';

/** The account modals the shell mounts once one of them is first asked for. */
export function AccountModals() {
  return (
    <>
      <SignUpModal />
      <ForgotPasswordModal />
    </>
  );
}
