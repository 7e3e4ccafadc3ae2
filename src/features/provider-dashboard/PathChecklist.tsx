/**
 * The overview's checklist (docs/product-rules.md#provider-dashboard): the provider's path to a
 * published listing, each step with its state in words, its dates and at most one action. The
 * steps come from `providerPath` (src/lib/provider-rules.ts); this file only shows them.
 */
import {
  PATH_STATE_LABELS,
  type PathAction,
  type PathStep,
  type PathStepState,
} from '../../lib/provider-rules.ts';
import { Pill, type Tone } from '../../ui/Pill.tsx';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { formatDay } from '../../ui/format.ts';

const STATE_TONE: Record<PathStepState, Tone> = {
  done: 'green',
  current: 'blue',
  waiting: 'amber',
  todo: 'slate',
};

/** The round marker before each step: a check when done, else its number (decoration only). */
const MARKER: Record<PathStepState, string> = {
  done: 'border-green-700 bg-green-700 text-white',
  current: 'border-brand-700 bg-brand-700 text-white',
  waiting: 'border-amber-700 bg-amber-50 text-amber-950',
  todo: 'border-slate-400 bg-white text-slate-700',
};

type Props = {
  steps: PathStep[];
  onAction: (action: PathAction) => void;
};

export function PathChecklist({ steps, onAction }: Props) {
  const done = steps.filter((s) => s.state === 'done').length;
  return (
    <section className={card} aria-labelledby="path-title" data-testid="path">
      <SectionTitle id="path-title">Your path to a published listing</SectionTitle>
      <p className="mt-1 text-sm text-muted" data-testid="path-summary">
        {done === steps.length
          ? 'Every step is done.'
          : `${String(done)} of ${String(steps.length)} steps done.`}
      </p>
      <ol className="mt-4 flex flex-col">
        {steps.map((step, index) => (
          <li
            key={step.id}
            className="relative flex gap-3 pb-5 last:pb-0"
            data-step={step.id}
            data-state={step.state}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            {index < steps.length - 1 ? (
              <span aria-hidden="true" className="absolute top-9 bottom-0 left-4 w-px bg-slate-300" />
            ) : null}
            <span
              aria-hidden="true"
              className={`relative flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold ${MARKER[step.state]}`}
            >
              {step.state === 'done' ? '✓' : String(index + 1)}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <h3 className="font-semibold">{step.title}</h3>
                <Pill tone={STATE_TONE[step.state]}>{PATH_STATE_LABELS[step.state]}</Pill>
              </div>
              <p className="mt-1 break-words">{step.detail}</p>
              {step.dates.length > 0 ? (
                <p className="mt-1 text-sm text-muted">
                  {step.dates.map((d) => `${d.label} ${formatDay(d.at)}`).join(' · ')}
                </p>
              ) : null}
              {step.action ? (
                <StepAction action={step.action} primary={step.state === 'current'} onAction={onAction} />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function StepAction({
  action,
  primary,
  onAction,
}: {
  action: PathAction;
  primary: boolean;
  onAction: (action: PathAction) => void;
}) {
  const look = `${primary ? primaryButton : secondaryButton} mt-3`;
  if (action.kind === 'contact') {
    return (
      <a href="/contact" className={look}>
        {action.label}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={look}
      onClick={() => {
        onAction(action);
      }}
    >
      {action.label}
    </button>
  );
}
