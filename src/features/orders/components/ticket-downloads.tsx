import { Button, HStack, Link, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiErrorBody, CarrinhoItem, WalletPassResult } from '#schemas/contract.ts';
import { apiUrl, rpc } from '#src/api/api.ts';
import { isApiError } from '#src/api/api-error.ts';
import { ErrorAlert, ErrorMessage } from '#src/components/error-alert.tsx';

/** One request behind a button: whether it runs, and its error. */
function useRequest<T>(run: () => Promise<T>, done: (result: T) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      done(await run());
    } catch (e) {
      setError(isApiError(e) ? e : { code: -1, message: '' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, start };
}

/** Saves `url` as `arquivo` (a same-origin address the server authorised with a token). */
function download(url: string, arquivo: string): void {
  const a = document.createElement('a');
  a.href = apiUrl(url);
  a.download = arquivo;
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * The order's tickets as a PDF (getImpressao): one page per paid ticket, with its QR code, made
 * by the server in the page's language and saved by the browser.
 */
export function TicketsPdf({ idmovimentacao }: { idmovimentacao: number }) {
  const pdf = useRequest(
    () => rpc('SuperIngresso', 'getImpressao', [idmovimentacao], { display: 'inline' }),
    (r) => download(r.url, r.arquivo),
  );
  return (
    <Stack gap="2">
      <HStack>
        <Button
          size="sm"
          colorPalette="brand"
          loading={pdf.busy}
          onClick={() => void pdf.start()}
          data-testid="order-tickets-pdf"
        >
          <FormattedMessage id="orders.ticketsPdf" />
        </Button>
      </HStack>
      {pdf.error ? <ErrorAlert message={<ErrorMessage error={pdf.error} />} /> : null}
    </Stack>
  );
}

/**
 * A paid ticket in a digital wallet (imprimirWallet): asked once, it offers the Apple Wallet
 * pass to save and the "Save to Google Wallet" address, both as plain links.
 */
export function WalletLinks({ item }: { item: CarrinhoItem }) {
  const [pass, setPass] = useState<WalletPassResult | null>(null);
  const wallet = useRequest(
    () =>
      rpc('SuperIngressoWeb', 'imprimirWallet', [item.codigo ?? '', item.iditem], {
        display: 'inline',
      }),
    setPass,
  );
  if (pass) {
    return (
      <HStack gap="4" mt="2" wrap="wrap" data-testid="wallet-links">
        <Link href={apiUrl(pass.apple)} download={pass.arquivo} fontSize="sm" variant="underline">
          <FormattedMessage id="orders.walletApple" />
        </Link>
        <Link
          href={pass.google}
          target="_blank"
          rel="noopener noreferrer"
          fontSize="sm"
          variant="underline"
        >
          <FormattedMessage id="orders.walletGoogle" />
        </Link>
      </HStack>
    );
  }
  return (
    <Stack gap="2" mt="2">
      <HStack>
        <Button
          size="xs"
          variant="outline"
          loading={wallet.busy}
          onClick={() => void wallet.start()}
          data-testid="wallet-button"
        >
          <FormattedMessage id="orders.wallet" />
        </Button>
      </HStack>
      {wallet.error ? <ErrorAlert message={<ErrorMessage error={wallet.error} />} /> : null}
    </Stack>
  );
}
