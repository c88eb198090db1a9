import { describe, expect, it } from 'vitest';
import { binInCampaign, campaignEligible, campaignRunning } from './card-campaign';

const at = (iso: string) => Date.parse(iso);

describe('card campaign', () => {
  const campaign = {
    bins: ['555555', '4026'],
    from: '2026-12-01T00:00:00-03:00',
    until: '2026-12-10T00:00:00-03:00',
  };

  it('runs from its start until (not including) its end', () => {
    expect(campaignRunning(campaign, at('2026-11-30T23:59:59-03:00'))).toBe(false);
    expect(campaignRunning(campaign, at('2026-12-01T00:00:00-03:00'))).toBe(true);
    expect(campaignRunning(campaign, at('2026-12-09T23:59:59-03:00'))).toBe(true);
    expect(campaignRunning(campaign, at('2026-12-10T00:00:00-03:00'))).toBe(false);
    expect(campaignRunning({ bins: ['4'] }, 0)).toBe(true);
    expect(campaignRunning(undefined, 0)).toBe(false);
  });

  it('takes six digits that start with one of its prefixes', () => {
    expect(binInCampaign(campaign, '555555')).toBe(true);
    expect(binInCampaign(campaign, '402612')).toBe(true);
    expect(binInCampaign(campaign, '411111')).toBe(false);
    expect(binInCampaign(campaign, '4026')).toBe(false);
    expect(binInCampaign(campaign, '40261a')).toBe(false);
    expect(binInCampaign(campaign, null)).toBe(false);
  });

  it('makes a person eligible only while it runs and with a card of its own', () => {
    const during = at('2026-12-05T12:00:00-03:00');
    expect(campaignEligible(campaign, '555555', during)).toBe(true);
    expect(campaignEligible(campaign, '411111', during)).toBe(false);
    expect(campaignEligible(campaign, '555555', at('2026-12-11T12:00:00-03:00'))).toBe(false);
    expect(campaignEligible(undefined, '555555', during)).toBe(false);
  });
});
