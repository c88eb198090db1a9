import { PrivatePage } from '#src/components/private-page.tsx';
import { VoucherSwap } from '#src/features/vouchers/components/voucher-swap.tsx';

/**
 * Voucher (spec §2, /voucher): a partner's voucher swapped for its tickets into the person's
 * orders; a guest is asked to sign in first.
 */
export function VoucherPage() {
  return (
    <PrivatePage title="page.voucher.title" loginPrompt="voucher.loginPrompt" testId="voucher">
      {() => <VoucherSwap />}
    </PrivatePage>
  );
}
