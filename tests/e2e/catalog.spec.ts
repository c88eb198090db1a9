import { expect, test } from './fixtures';

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
