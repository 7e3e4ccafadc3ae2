import { useId, useState, type SubmitEvent } from 'react';
import { isEmail } from '../../lib/text-rules.ts';
import { showToast } from '../../ui/toasts/store.ts';
import type { Provider } from '../../api/contracts/providers.ts';
import { saveContactSettings, type Failure } from './api.ts';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { primaryButton } from '../../ui/buttons.ts';
import { inputClass, labelClass } from '../../ui/fields.tsx';

type Errors = { inquiry_email?: string | undefined; inquiry_phone?: string | undefined };

/** Where families' info and call requests go: an e-mail and a phone, saved to the provider profile. */
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
  const [phone, setPhone] = useState(provider.inquiry_phone ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const next: Errors = {};
    const e = email.trim();
    const p = phone.trim();
    if (e !== '' && !isEmail(e)) next.inquiry_email = 'Please enter a valid email address.';
    if (p !== '' && !/\d/.test(p)) next.inquiry_phone = 'Please enter a valid phone number.';
    if (next.inquiry_email || next.inquiry_phone) {
      setErrors(next);
      document.getElementById(next.inquiry_email ? `${id}-email` : `${id}-phone`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await saveContactSettings({
      inquiry_email: e === '' ? null : e,
      inquiry_phone: p === '' ? null : p,
    });
    setSaving(false);
    if (!result.ok) {
      if (result.kind === 'error' && result.fields) setErrors(result.fields);
      onFailure(result);
      return;
    }
    onSaved(result.provider);
    showToast({
      title: 'Contact Settings Saved',
      description: 'New requests from families will use these details.',
    });
  };

  return (
    <section className={card} aria-labelledby={`${id}-title`}>
      <SectionTitle id={`${id}-title`}>Contact Settings</SectionTitle>
      <p className="mt-1 text-muted">
        Where we send the info and call requests families make on your published programs. Leave a field empty
        to use your account’s: {provider.email}
        {provider.phone ? `, ${provider.phone}` : ''}.
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
        <div>
          <label htmlFor={`${id}-phone`} className={labelClass}>
            Inquiry phone <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id={`${id}-phone`}
            type="tel"
            autoComplete="tel"
            className={inputClass}
            value={phone}
            placeholder={provider.phone ?? ''}
            maxLength={40}
            aria-invalid={Boolean(errors.inquiry_phone)}
            aria-describedby={`${id}-phone-hint${errors.inquiry_phone ? ` ${id}-phone-error` : ''}`}
            onChange={(e) => {
              setPhone(e.target.value);
            }}
          />
          <p id={`${id}-phone-hint`} className="mt-1 text-sm text-muted">
            Shown to a family in the confirmation of their request, so they can call you.
          </p>
          {errors.inquiry_phone ? (
            <p id={`${id}-phone-error`} className="mt-1 text-sm font-medium text-red-800" data-field-error>
              {errors.inquiry_phone}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
            {saving ? 'Saving…' : 'Save contact settings'}
          </button>
        </div>
      </form>
    </section>
  );
}
