import { describe, expect, it } from 'vitest';
import { vmsPlanRefusal } from './vms-plan-refusal.ts';

describe('the VMS plan refusal', () => {
  const choose =
    'The multi-site VMS area is not part of your plan. Choose the Pro plan on the Upgrade page to lift it.';
  const ask = 'The multi-site VMS area is not part of your plan. Ask your administrator for a plan that lifts it.';
  it('names the plan to choose, or says to ask the administrator, outside English', () => {
    expect(vmsPlanRefusal(choose, 'fr')).toEqual({ sentence: 'plan', plan: 'Pro' });
    expect(vmsPlanRefusal(ask, 'fr')).toEqual({ sentence: 'admin' });
  });
  it('leaves English, a missing detail and an unknown sentence to the server’s own words', () => {
    expect(vmsPlanRefusal(choose, 'en')).toBeNull();
    expect(vmsPlanRefusal(choose, 'en-GB')).toBeNull();
    expect(vmsPlanRefusal(undefined, 'fr')).toBeNull();
    expect(vmsPlanRefusal('Something else.', 'fr')).toBeNull();
  });
});
