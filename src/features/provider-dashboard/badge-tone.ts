/**
 * The pill color of a verification badge, on the overview and the Verification tab. A module of
 * its own so the overview does not bring the Verification tab's code with it (each tab's code is
 * loaded when the tab opens, ProviderDashboard.tsx).
 */
import type { VerificationBadge } from '../../lib/provider-rules.ts';
import type { Tone } from '../../ui/Pill.tsx';

export function badgeTone(badge: VerificationBadge): Tone {
  switch (badge) {
    case 'Verified':
      return 'green';
    case 'Pending Review':
      return 'amber';
    case 'Needs Updates':
      return 'red';
    default:
      return 'slate';
  }
}
