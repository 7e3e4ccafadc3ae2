/**
 * Sends the product's templated e-mails. There is deliberately no "send this text to that
 * address" function: callers pick a template and give its data.
 *
 * Transport, first configured wins: Resend's HTTP API (`RESEND_API_KEY`), SMTP through
 * nodemailer (`SMTP_URL`), else the local backend's outbox (`OUTBOX_URL`).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { isEmail } from '../../../src/lib/text-rules.ts';
import { env } from './env.ts';
import { renderMail, type RenderedMail, type TemplateData, type TemplateName } from './mail-templates.ts';

export type MailTransport = 'resend' | 'smtp' | 'outbox';

export interface MailResult {
  transport: MailTransport;
  /** The provider's message id when it returns one. */
  id: string | null;
  to: string;
  subject: string;
}

export class MailError extends Error {
  readonly transport: MailTransport;
  readonly template: TemplateName;

  constructor(transport: MailTransport, template: TemplateName, message: string, cause?: unknown) {
    super(
      `Mail (${template} via ${transport}) failed: ${message}`,
      cause === undefined ? undefined : { cause },
    );
    this.name = 'MailError';
    this.transport = transport;
    this.template = template;
  }
}

const TIMEOUT_MS = 10_000;

async function responseId(res: Response): Promise<string | null> {
  const body: unknown = await res.json().catch(() => null);
  if (body && typeof body === 'object' && 'id' in body) {
    const { id } = body;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return null;
}

async function viaHttp(url: string, headers: Record<string, string>, body: unknown): Promise<string | null> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) {
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`HTTP ${res.status} ${detail}`.trim());
  }
  return responseId(res);
}

let smtp: { url: string; transporter: Transporter } | undefined;

async function deliver(transport: MailTransport, mail: RenderedMail, from: string): Promise<string | null> {
  const e = env();
  switch (transport) {
    case 'resend':
      return viaHttp(
        'https://api.resend.com/emails',
        { authorization: `Bearer ${e.RESEND_API_KEY ?? ''}` },
        {
          from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
        },
      );
    case 'smtp': {
      const url = e.SMTP_URL ?? '';
      if (smtp?.url !== url) smtp = { url, transporter: nodemailer.createTransport(url) };
      const info = (await smtp.transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      })) as { messageId?: unknown };
      return typeof info.messageId === 'string' ? info.messageId : null;
    }
    case 'outbox':
      return viaHttp(
        `${e.OUTBOX_URL}/api/messages`,
        {},
        {
          to: mail.to,
          from,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        },
      );
  }
}

export function activeTransport(): MailTransport {
  const e = env();
  if (e.RESEND_API_KEY) return 'resend';
  if (e.SMTP_URL) return 'smtp';
  return 'outbox';
}

/** Renders `template` with `data` and sends it; throws `MailError` when delivery fails. */
export async function sendMail<K extends TemplateName>(
  template: K,
  data: TemplateData[K],
): Promise<MailResult> {
  const e = env();
  const mail = renderMail(template, data, { siteUrl: e.SITE_URL, inboxEmail: e.SITE_INBOX_EMAIL });
  const transport = activeTransport();
  // The one e-mail rule, as the API and the database apply it: a plain address only, so no
  // transport can read a recipient or reply-to as several addresses or another one.
  if (!isEmail(mail.to) || (mail.replyTo !== undefined && mail.replyTo !== '' && !isEmail(mail.replyTo))) {
    const which = isEmail(mail.to) ? 'reply-to' : 'recipient';
    throw new MailError(
      transport,
      template,
      `the ${which} address is not a plain e-mail address; nothing was sent`,
    );
  }
  try {
    const id = await deliver(transport, mail, e.MAIL_FROM);
    return { transport, id, to: mail.to, subject: mail.subject };
  } catch (error) {
    throw new MailError(transport, template, error instanceof Error ? error.message : String(error), error);
  }
}
