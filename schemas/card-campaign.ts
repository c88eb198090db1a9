/**
 * The card-brand campaign's rules (brand.json `payments.cardCampaign`), shared by the server and
 * the storefront: whether it runs now, and whether a card's first six digits take part.
 */

/** What a campaign's rules need: its BIN prefixes and when it runs. */
export interface CampaignWindow {
  bins: readonly string[];
  /** ISO date-time it starts; absent: already running. */
  from?: string | undefined;
  /** ISO date-time it ends; absent: open-ended. */
  until?: string | undefined;
}

/** Whether `campaign` runs at `now` (ms since the epoch); false when there is none. */
export function campaignRunning(campaign: CampaignWindow | undefined, now: number): boolean {
  if (!campaign) return false;
  if (campaign.from && now < Date.parse(campaign.from)) return false;
  if (campaign.until && now >= Date.parse(campaign.until)) return false;
  return true;
}

/** Whether the six digits `bin` belong to a card of `campaign` (false for no digits). */
export function binInCampaign(campaign: CampaignWindow, bin: string | null | undefined): boolean {
  if (!bin || !/^[0-9]{6}$/.test(bin)) return false;
  return campaign.bins.some((prefix) => bin.startsWith(prefix));
}

/**
 * Whether a person with card digits `bin` may buy a campaign product at `now`: the campaign runs
 * and the digits take part.
 */
export function campaignEligible(
  campaign: CampaignWindow | undefined,
  bin: string | null | undefined,
  now: number,
): boolean {
  return !!campaign && campaignRunning(campaign, now) && binInCampaign(campaign, bin);
}
