import { expect, test } from './fixtures';
import { msg, newPerson, rpcWithToken, sessionByApi, useSession } from './support';

// Prices for visitors from abroad (issue 14 item 6): the header's currency modal, approximate
// prices beside the BRL ones (brands/museu-aurora/rates.json), and the checkout's note that
// payment is in reais. The choice is remembered across pages.
test('shows approximate prices in the chosen currency and says the payment is in BRL', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/en/product/1');
  await expect(page.getByTestId('approx-price')).toHaveCount(0);

  await page.getByTestId('currency-open').click();
  const modal = page.getByTestId('currency-modal');
  await modal.getByTestId('currency-USD').click();
  await modal.getByTestId('currency-done').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('currency-open')).toHaveText('USD');

  // The event's price: "≈ US$ 5.17 · rate of 11/26/2026".
  await expect(page.getByTestId('approx-price').first()).toHaveText(
    /^≈ US\$\s\d+\.\d\d · rate of \d\d\/\d\d\/\d{4}$/,
  );

  // A held cart: the checkout's total has its approximation and the note on paying in reais.
  const session = await sessionByApi(request, baseURL!, newPerson('currency'));
  const call = <T>(method: string, params: unknown[]) =>
    rpcWithToken<T>(request, baseURL!, session.access_token, 'SuperIngresso', method, params);
  const { apresentacoes } = await call<{
    apresentacoes: { idapresentacao: number; disponivel: number }[];
  }>('getApresentacoes', [1]);
  const sessao = apresentacoes.find((a) => a.disponivel >= 1)!;
  const produtos = await call<{ tipo_produtos: { produtos: { idproduto: number }[] }[] }>(
    'getProdutos',
    [sessao.idapresentacao],
  );
  const idproduto = produtos.tipo_produtos[0]!.produtos[0]!.idproduto;
  await call('iniciarReserva', [[{ idproduto, qtd: 1 }], sessao.idapresentacao, []]);
  await useSession(page, session);
  await page.goto('/en/checkout');
  await expect(page.getByTestId('cart-total-approx')).toHaveText(/^≈ US\$\s\d+\.\d\d · rate of /);
  await expect(page.getByTestId('paid-in-brl')).toHaveText(
    msg('en-US', 'currency.paidInReais', { moeda: 'USD' }),
  );
});
