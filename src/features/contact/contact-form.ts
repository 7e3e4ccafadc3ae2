/**
 * Enhances the contact page form (`#contact-form`): the same zod schema as the server checks
 * the fields before sending, errors appear next to their fields, and the message is POSTed as
 * JSON. The schema (and zod) load on first interaction, so the page ships almost no JavaScript.
 */
import { showToast } from '../../ui/toasts/store.ts';
import { CONTACT_FIELDS, sendContactMessage, type ContactField, type ContactValues } from './submit.ts';

type Validate = (values: ContactValues) => Partial<Record<ContactField, string>>;

let validatorPromise: Promise<Validate> | undefined;

function loadValidator(): Promise<Validate> {
  validatorPromise ??= import('../../lib/schemas.ts').then(
    ({ contactMessageSchema }) =>
      (values: ContactValues) => {
        const result = contactMessageSchema.safeParse({ ...values, phone: values.phone || undefined });
        const errors: Partial<Record<ContactField, string>> = {};
        if (result.success) return errors;
        for (const issue of result.error.issues) {
          const key = issue.path[0];
          if (typeof key === 'string' && (CONTACT_FIELDS as readonly string[]).includes(key)) {
            errors[key as ContactField] ??= issue.message;
          }
        }
        return errors;
      },
  );
  return validatorPromise;
}

export function enhanceContactForm(form: HTMLFormElement): void {
  // The script shows the schema's own messages; the browser's native bubbles are for no-JS only.
  form.noValidate = true;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const formError = form.querySelector<HTMLElement>('[data-form-error]');
  if (!submit || !formError) return;
  const submitLabel = submit.textContent;

  const control = (field: ContactField) =>
    form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | null;

  const setFieldError = (field: ContactField, message: string | undefined) => {
    const input = control(field);
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${field}"]`);
    if (!input || !slot) return;
    slot.textContent = message ?? '';
    slot.hidden = !message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  const showErrors = (errors: Partial<Record<ContactField, string>>) => {
    for (const field of CONTACT_FIELDS) setFieldError(field, errors[field]);
    const first = CONTACT_FIELDS.find((field) => errors[field]);
    if (first) control(first)?.focus();
    return first !== undefined;
  };

  const setFormError = (message: string | undefined) => {
    formError.textContent = message ?? '';
    formError.hidden = !message;
  };

  const values = (): ContactValues => {
    const data = new FormData(form);
    const read = (field: ContactField) => {
      const value = data.get(field);
      return typeof value === 'string' ? value : '';
    };
    return {
      name: read('name'),
      email: read('email'),
      phone: read('phone'),
      subject: read('subject'),
      message: read('message'),
    };
  };

  // Warm the validator as soon as someone starts filling the form in.
  form.addEventListener('focusin', () => void loadValidator(), { once: true });

  // An error goes away once the field is edited; it is checked again on submit.
  form.addEventListener('input', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
      if (
        (CONTACT_FIELDS as readonly string[]).includes(target.name) &&
        target.getAttribute('aria-invalid')
      ) {
        setFieldError(target.name as ContactField, undefined);
      }
    }
  });

  let sending = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    void (async () => {
      setFormError(undefined);
      const current = values();
      let validate: Validate;
      try {
        validate = await loadValidator();
      } catch {
        // The check is a convenience; the server validates anyway.
        validate = () => ({});
      }
      if (showErrors(validate(current))) return;

      sending = true;
      submit.disabled = true;
      submit.setAttribute('aria-busy', 'true');
      submit.textContent = 'Sending…';
      try {
        const result = await sendContactMessage(current);
        if (result.ok) {
          form.reset();
          showErrors({});
          showToast({ title: 'Message Sent', description: "We'll reply within 24 hours." });
        } else {
          const hasFieldErrors = showErrors(result.fields);
          setFormError(result.message);
          if (!hasFieldErrors) formError.focus();
        }
      } finally {
        sending = false;
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
        submit.textContent = submitLabel;
      }
    })();
  });
}
