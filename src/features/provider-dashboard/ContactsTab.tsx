import { useId, useState, type SubmitEvent } from 'react';
import { isEmail } from '../../lib/text-rules.ts';
import { showToast } from '../../ui/toasts/store.ts';
import type { Provider } from '../../api/contracts/providers.ts';
import { saveContactSettings, type Failure } from './api.ts';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { primaryButton } from '../../ui/buttons.ts';
import { inputClass, labelClass } from '../../ui/fields.tsx';

type Errors = { inquiry_email?: string | undefined };

/**
 * Where families' info and call requests go: an e-mail, saved to the provider profile. There is no
 * phone here: families see one number per program, the admissions phone of its listing, on its
 * profile and in their confirmation e-mail alike (docs/product-rules.md#one-admissions-phone).
 */
export function ContactsTab({
  provider,
  onSaved,
  onFailure,
}: {
  provider: Provider;
  onSaved: (provider: Provider) => void;
  onFailure: (failure: Failure) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState(provider.inquiry_email ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const next: Errors = {};
    const e = email.trim();
    if (e !== '' && !isEmail(e)) next.inquiry_email = 'Please enter a valid email address.';
    if (next.inquiry_email) {
      setErrors(next);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await saveContactSettings({ inquiry_email: e === '' ? null : e });
    setSaving(false);
    if (!result.ok) {
      if (result.kind === 'error' && result.fields) setErrors(result.fields);
      onFailure(result);
      return;
    }
    onSaved(result.provider);
    showToast({
      title: 'Contact Settings Saved',
      description: 'New requests from families will go to this address.',
    });
  };

  return (
    <section className={card} aria-labelledby={`${id}-title`}>
      <SectionTitle id={`${id}-title`}>Contact Settings</SectionTitle>
      <p className="mt-1 text-muted">
        Where we send the info and call requests families make on your published programs. Leave it empty to
        use your account’s: {provider.email}.
      </p>
      <form className="mt-4 flex max-w-xl flex-col gap-4" noValidate onSubmit={(e) => void submit(e)}>
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            Inquiry email <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            className={inputClass}
            value={email}
            placeholder={provider.email}
            maxLength={320}
            aria-invalid={Boolean(errors.inquiry_email)}
            aria-describedby={errors.inquiry_email ? `${id}-email-error` : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
            }}
          />
          {errors.inquiry_email ? (
            <p id={`${id}-email-error`} className="mt-1 text-sm font-medium text-red-800" data-field-error>
              {errors.inquiry_email}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-muted">
          Families see one phone for each program: the admissions phone of its listing, on the program’s page
          and in the confirmation of their request. To change it, edit the listing; we review the change
          before it is published.
        </p>
        <div>
          <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
            {saving ? 'Saving…' : 'Save contact settings'}
          </button>
        </div>
      </form>
    </section>
  );
}
