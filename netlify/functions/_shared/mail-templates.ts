/**
 * The only e-mails the product sends. Each template renders a plain-text and an HTML body from
 * typed data; every value that came from a person is HTML-escaped, and subjects are kept to
 * one line so no header can be injected.
 */
import { SITE_TITLE, TRIAL_DAYS, type InquiryType } from '../../../src/lib/vocabulary.ts';

export interface TemplateData {
  /** To a provider who just registered. */
  welcome: { to: string; contactName: string; organizationName: string };
  /**
   * To a program's admissions address when a family sends an info or call request, or to the
   * site inbox (`noAdmissionsAddress`) when the program has none on file.
   */
  inquiry: {
    to: string;
    noAdmissionsAddress?: boolean | undefined;
    programName: string;
    type: InquiryType;
    name: string;
    email: string;
    phone?: string | null | undefined;
    message?: string | null | undefined;
  };
  /** To the family that sent an info or call request: what was sent and its private status link. */
  inquiryConfirmation: {
    to: string;
    name: string;
    programName: string;
    type: InquiryType;
    /** `<SITE_URL>/request/<token>`; the token is in this e-mail only. */
    statusUrl: string;
    /** The program has no admissions address: the site team forwards the request. */
    forwardedToSiteTeam?: boolean | undefined;
    programPhone?: string | null | undefined;
  };
  /** To a provider when an admin approves or rejects a verification request. */
  verificationDecision: {
    to: string;
    organizationName: string;
    decision: 'approved' | 'rejected';
    notes?: string | null | undefined;
  };
  /** To a provider when an admin approves or rejects a listing (approved: the program's page). */
  listingDecision: {
    to: string;
    organizationName: string;
    centerName: string;
    decision: 'approved' | 'rejected';
    notes?: string | null | undefined;
    /** The directory id it is published as (approved listings). */
    programId?: string | null | undefined;
  };
  /** To the site inbox from the contact page. The recipient comes from the environment. */
  contact: {
    name: string;
    email: string;
    phone?: string | null | undefined;
    subject: string;
    message: string;
  };
  /**
   * To the site inbox when an e-mail of the outbox failed its last try: what could not be
   * delivered, so the site team can pass it on by hand. Never carries a status link.
   */
  deliveryFailed: {
    /** What was not delivered, e.g. `information request for Pine Hollow`. */
    what: string;
    /** What the site team should do. */
    action: string;
    details: [string, string | null | undefined][];
    /** The text the person wrote, if any. */
    message?: string | null | undefined;
    /** Answering the alert writes to this person (the family or the sender). */
    replyTo?: string | null | undefined;
  };
}

export type TemplateName = keyof TemplateData;

export interface RenderContext {
  siteUrl: string;
  inboxEmail: string;
}

export interface RenderedMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** Paragraphs of escaped text, line breaks kept. */
function paragraphs(value: string): string {
  return value
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; max-width: 600px; margin: 0 auto; padding: 24px;">
${body}
<p style="color: #6b7280; font-size: 14px;">${escapeHtml(SITE_TITLE)}</p>
</body></html>`;
}

function rows(entries: [string, string | null | undefined][]): { text: string; html: string } {
  const present = entries.filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  return {
    text: present.map(([k, v]) => `${k}: ${v}`).join('\n'),
    html: `<table role="presentation">${present
      .map(
        ([k, v]) =>
          `<tr><th align="left" style="padding-right: 12px;">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
      )
      .join('')}</table>`,
  };
}

type Renderers = { [K in TemplateName]: (data: TemplateData[K], ctx: RenderContext) => RenderedMail };

const renderers: Renderers = {
  welcome(data, ctx) {
    const dashboard = `${ctx.siteUrl}/provider-dashboard`;
    const subject = `Welcome to ${SITE_TITLE}: your ${TRIAL_DAYS}-day free trial has started`;
    const greeting = `Hello ${oneLine(data.contactName)},`;
    const lines = [
      `Thank you for registering ${oneLine(data.organizationName)}.`,
      `Your ${TRIAL_DAYS}-day free trial includes every feature and needs no card.`,
      'Submit your verification documents from the dashboard; we review them within 2-3 business days.',
    ];
    return {
      to: data.to,
      subject,
      text: `${greeting}\n\n${lines.join('\n\n')}\n\nYour dashboard: ${dashboard}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(greeting)}</p>\n${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}\n<p><a href="${escapeHtml(dashboard)}">Open your provider dashboard</a></p>`,
      ),
    };
  },

  inquiry(data) {
    const what = data.type === 'call' ? 'call request' : 'information request';
    const subject = data.noAdmissionsAddress
      ? `New ${what} for ${oneLine(data.programName)} (no admissions address on file)`
      : `New ${what} for ${oneLine(data.programName)}`;
    const details = rows([
      ['Name', data.name],
      ['E-mail', data.email],
      ['Phone', data.phone],
    ]);
    const intro = `${oneLine(data.name)} sent a ${what} through the directory.`;
    const forward = data.noAdmissionsAddress
      ? `${oneLine(data.programName)} has no admissions address in the directory. Please forward this request to the program, then mark it contacted.`
      : '';
    const message = data.message?.trim() ? data.message : '';
    const closing = data.noAdmissionsAddress
      ? `Reply to this e-mail to write to ${oneLine(data.name)}.`
      : `Reply to this e-mail to answer ${oneLine(data.name)} directly.`;
    return {
      to: data.to,
      replyTo: data.email,
      subject,
      text: `${forward ? `${forward}\n\n` : ''}${intro}\n\n${details.text}\n${message ? `\nMessage:\n${message}\n` : ''}\n${closing}\n`,
      html: page(
        subject,
        `${forward ? `<p><strong>${escapeHtml(forward)}</strong></p>\n` : ''}<p>${escapeHtml(intro)}</p>\n${details.html}\n${message ? `<h2 style="font-size: 16px;">Message</h2>\n${paragraphs(message)}` : ''}\n<p>${escapeHtml(closing)}</p>`,
      ),
    };
  },

  inquiryConfirmation(data) {
    const what = data.type === 'call' ? 'call request' : 'information request';
    const program = oneLine(data.programName);
    const subject = `Your ${what} to ${program}`;
    const greeting = `Hello ${oneLine(data.name)},`;
    const lines = [
      data.forwardedToSiteTeam
        ? `We received your ${what} for ${program}. This program has no admissions email address in our directory, so our team will pass your request on to them.`
        : `We sent your ${what} to the admissions team of ${program}. They will reply to you directly.`,
      'You can see whether the program has answered at any time on this private page (no account needed). Keep this link to yourself: anyone with it can see the status of your request.',
    ];
    const phone = data.programPhone?.trim()
      ? `If you would rather talk now, you can call ${program} at ${oneLine(data.programPhone)}.`
      : '';
    const safety =
      'If you or someone you love is in crisis, call or text 988 (Suicide & Crisis Lifeline) or call 911.';
    const note = 'This directory is informational only and does not give medical advice.';
    return {
      to: data.to,
      subject,
      text: `${greeting}\n\n${lines[0] ?? ''}\n\n${lines[1] ?? ''}\n${data.statusUrl}\n${phone ? `\n${phone}\n` : ''}\n${safety}\n\n${note}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(greeting)}</p>\n${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}\n<p><a href="${escapeHtml(data.statusUrl)}">See the status of your request</a></p>\n${phone ? `<p>${escapeHtml(phone)}</p>\n` : ''}<p>${escapeHtml(safety)}</p>\n<p style="color: #6b7280; font-size: 14px;">${escapeHtml(note)}</p>`,
      ),
    };
  },

  verificationDecision(data, ctx) {
    const approved = data.decision === 'approved';
    const subject = approved
      ? `${oneLine(data.organizationName)} is now verified`
      : `Your verification request for ${oneLine(data.organizationName)} needs updates`;
    const lead = approved
      ? 'Your verification request was approved. Your listing now shows the Verified badge. Verification confirms the documents you sent; it is not an endorsement.'
      : 'We could not approve your verification request yet. You can send updated documents from your dashboard.';
    const notes = data.notes?.trim() ? data.notes : '';
    const dashboard = `${ctx.siteUrl}/provider-dashboard`;
    return {
      to: data.to,
      subject,
      text: `${lead}\n${notes ? `\nReviewer notes:\n${notes}\n` : ''}\nYour dashboard: ${dashboard}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(lead)}</p>\n${notes ? `<h2 style="font-size: 16px;">Reviewer notes</h2>\n${paragraphs(notes)}` : ''}\n<p><a href="${escapeHtml(dashboard)}">Open your provider dashboard</a></p>`,
      ),
    };
  },

  listingDecision(data, ctx) {
    const approved = data.decision === 'approved';
    const center = oneLine(data.centerName) || oneLine(data.organizationName);
    const subject = approved ? `Your listing ${center} is approved` : `Your listing ${center} needs updates`;
    const programUrl = approved && data.programId ? `${ctx.siteUrl}/program/${data.programId}` : '';
    const lead = approved
      ? 'Your listing was approved. It appears in the directory once the site has been rebuilt, usually within a few minutes.'
      : 'We could not approve your listing yet. Please update it from your dashboard and submit it again.';
    const notes = data.notes?.trim() ? data.notes : '';
    const dashboard = `${ctx.siteUrl}/provider-dashboard`;
    return {
      to: data.to,
      subject,
      text: `${lead}\n${programUrl ? `\nYour program page: ${programUrl}\n` : ''}${notes ? `\nReviewer notes:\n${notes}\n` : ''}\nYour dashboard: ${dashboard}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(lead)}</p>\n${programUrl ? `<p><a href="${escapeHtml(programUrl)}">See your program page</a></p>\n` : ''}${notes ? `<h2 style="font-size: 16px;">Reviewer notes</h2>\n${paragraphs(notes)}` : ''}\n<p><a href="${escapeHtml(dashboard)}">Open your provider dashboard</a></p>`,
      ),
    };
  },

  contact(data, ctx) {
    const subject = `Contact form: ${oneLine(data.subject)}`;
    const details = rows([
      ['Name', data.name],
      ['E-mail', data.email],
      ['Phone', data.phone],
      ['Subject', oneLine(data.subject)],
    ]);
    return {
      to: ctx.inboxEmail,
      replyTo: data.email,
      subject,
      text: `${details.text}\n\n${data.message}\n`,
      html: page(subject, `${details.html}\n${paragraphs(data.message)}`),
    };
  },

  deliveryFailed(data, ctx) {
    const subject = `Not delivered: ${oneLine(data.what)}`;
    const details = rows(data.details);
    const message = data.message?.trim() ? data.message : '';
    const action = oneLine(data.action);
    return {
      to: ctx.inboxEmail,
      ...(data.replyTo ? { replyTo: data.replyTo } : {}),
      subject,
      text: `${action}\n\n${details.text}\n${message ? `\nMessage:\n${message}\n` : ''}`,
      html: page(
        subject,
        `<p><strong>${escapeHtml(action)}</strong></p>\n${details.html}\n${message ? `<h2 style="font-size: 16px;">Message</h2>\n${paragraphs(message)}` : ''}`,
      ),
    };
  },
};

export function renderMail<K extends TemplateName>(
  template: K,
  data: TemplateData[K],
  ctx: RenderContext,
): RenderedMail {
  const render = renderers[template] as (d: TemplateData[K], c: RenderContext) => RenderedMail;
  return render(data, ctx);
}
