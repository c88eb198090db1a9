import { expect, test } from './fixtures';
import { msg } from './support';

test('the date strip is one Tab stop; arrow keys, Home and End pick the day', async ({ page }) => {
  await page.goto('/pt/produto/1');
  const days = page.getByRole('radio');
  await expect(days.first()).toBeVisible();
  const count = await days.count();
  expect(count).toBeGreaterThan(2);
  // One Tab stop: exactly one day is in the tab order, the picked one.
  await expect(page.locator('[role=radio][tabindex="0"]')).toHaveCount(1);
  await expect(days.first()).toHaveAttribute('aria-checked', 'true');

  await days.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(days.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(days.nth(1)).toBeFocused();
  await expect(days.first()).toHaveAttribute('aria-checked', 'false');
  await expect(page).toHaveURL(/[?&]data=/);

  await page.keyboard.press('End');
  await expect(days.nth(count - 1)).toHaveAttribute('aria-checked', 'true');
  await expect(days.nth(count - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(days.first()).toBeFocused();

  // Still one Tab stop after moving: the picked day.
  await expect(page.locator('[role=radio][tabindex="0"]')).toHaveCount(1);
  await expect(page.locator('[role=radio][tabindex="0"]')).toHaveAttribute('aria-checked', 'true');
});

test('times in the clock of the language, the venue zone named, a match session shows its opponent', async ({
  page,
}) => {
  await page.goto('/en/product/3');
  const times = page.locator('[data-testid^="time-"]');
  await expect(times.first()).toBeVisible();
  // en-US reads a 12-hour clock everywhere ("4:00 PM"), pt-BR a 24-hour one ("16:00").
  await expect(times.first()).toContainText(/\b\d{1,2}:\d{2} [AP]M\b/);
  // A match's sessions each have their own title: the opponent is in the button's name.
  await expect(times.first()).toHaveAccessibleName(
    /^\d{1,2}:\d{2} [AP]M\s*, Aurora vs .+\s*, [\d,]+ left$/,
  );
  await expect(page.getByText(msg('en-US', 'product.timeZone'))).toBeVisible();

  await page.goto('/pt/produto/3');
  await expect(times.first()).toHaveAccessibleName(
    /^\d{2}:\d{2}\s*, Aurora x .+\s*, [\d.]+ vagas?$/,
  );
  // A museum's sessions are all alike: no title repeated on every time.
  await page.goto('/pt/produto/1');
  await expect(times.first()).toHaveAccessibleName(/^\d{2}:\d{2}\s*, [\d.]+ vagas?$/);
});

test('a time focused from the keyboard is never hidden under the sticky total bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto('/pt/produto/1');
  const times = page.locator('[data-testid^="time-"]:not([disabled])');
  await expect(times.first()).toBeVisible();
  // Tab through the times from the day strip: each focused one stays clear of the bar.
  await page.getByRole('radio', { checked: true }).focus();
  const count = Math.min(await times.count(), 6);
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    const box = await focused.boundingBox();
    const barTop = (await page.getByTestId('total-bar').boundingBox())!.y;
    expect(box, `focus ${i}`).not.toBeNull();
    expect(box!.y + box!.height, `focus ${i} bottom vs bar top`).toBeLessThanOrEqual(barTop);
  }
});

test('tapping an event shows progress at once, even when its page is slow to come', async ({
  page,
}) => {
  await page.goto('/pt');
  // The event page's code arrives late (a slow phone network).
  await page.route('**/assets/produto-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByTestId('event-card').first().getByRole('link').click();
  await expect(
    page.getByRole('status').filter({ hasText: msg('pt-BR', 'common.loading') }),
  ).toBeVisible({
    timeout: 500,
  });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/pt\/produto\/\d+/);
});
