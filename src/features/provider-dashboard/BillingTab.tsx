import { trialDaysLeft } from '../../lib/provider-rules.ts';
import { MONEY_STORY } from '../../lib/vocabulary.ts';
import type { Provider } from '../../api/contracts/providers.ts';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { formatDay } from '../../ui/format.ts';

/** Billing is "coming soon"; until then the trial and the plan are shown as they are. */
export function BillingTab({ provider, now }: { provider: Provider; now: number }) {
  const left = trialDaysLeft(provider.trial_ends_at, now);
  return (
    <section className={card} aria-labelledby="billing-title">
      <SectionTitle id="billing-title">Billing</SectionTitle>
      <p className="mt-3 text-lg font-semibold">Coming soon</p>
      <p className="mt-2 text-muted">{MONEY_STORY.plan}</p>
      <p className="mt-2 text-muted">{MONEY_STORY.free}</p>
      <dl className="mt-4 grid gap-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium">Plan</dt>
        <dd className="capitalize">{provider.subscription_plan ?? 'free'}</dd>
        <dt className="font-medium">Status</dt>
        <dd className="capitalize">{provider.subscription_status}</dd>
        {provider.trial_ends_at ? (
          <>
            <dt className="font-medium">Trial ends</dt>
            <dd>
              {formatDay(provider.trial_ends_at)} ({left} {left === 1 ? 'day' : 'days'} left)
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
