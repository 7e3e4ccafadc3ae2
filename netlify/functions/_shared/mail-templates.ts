/**
 * The only e-mails the product sends. Each template renders a plain-text and an HTML body from
 * typed data; every value that came from a person is HTML-escaped, and subjects are kept to
 * one line so no header can be injected.
 */
import { requestStage, stageLabel, statusChangeSentence } from '../../../src/lib/request-status.ts';
import {
  MONEY_STORY,
  SITE_TITLE,
  TRIAL_DAYS,
  type InquiryStatus,
  type InquiryType,
} from '../../../src/lib/vocabulary.ts';
import { withArticle } from '../../../src/lib/articles.ts';
import { STALE_AFTER_DAYS } from '../../../src/lib/availability.ts';
import { HOW_WE_VERIFY_PATH, TRUST } from '../../../src/lib/trust.ts';

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
    /** When the family would like to be called (call requests; optional). */
    bestTimeToCall?: string | null | undefined;
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
  /**
   * To the family when the program changed the status of their request (queued by the database
   * with the change): the new word of src/lib/request-status.ts and a new private status link.
   * Nothing the family wrote but their name: no message, phone or health details.
   */
  inquiryStatus: {
    to: string;
    name: string;
    programName: string;
    type: InquiryType;
    status: InquiryStatus;
    /** Whether the request's e-mail had reached the program (for a change back to `new`). */
    deliveredToProgram?: boolean | undefined;
    /** `/request/<token>`, site-relative: the e-mail links to SITE_URL + it. */
    statusUrl: string;
  };
  /** To a provider when an admin approves or rejects a verification request. */
  verificationDecision: {
    to: string;
    organizationName: string;
    decision: 'approved' | 'rejected';
    notes?: string | null | undefined;
    /** The provider has a live published listing (its page shows the badge after the next build); unknown when absent. */
    hasLiveListing?: boolean | undefined;
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
    /** The provider is a Verified provider (approved: no need to ask for verification); unknown when absent. */
    providerVerified?: boolean | undefined;
    /** Rejected: the decision was on an edit of a live listing, whose published version stays. */
    publishedStays?: boolean | undefined;
  };
  /** To a provider when its published listing is unpublished by the site team, withdrawn by itself, or republished. */
  listingPublication: {
    to: string;
    organizationName: string;
    centerName: string;
    change: 'unpublished' | 'withdrawn' | 'republished';
    /** Why (unpublished: the site team's reason; withdrawn: the provider's own, if given). */
    reason?: string | null | undefined;
    programId?: string | null | undefined;
  };
  /**
   * To a family when the site team did not publish their review: which review, the rule of the
   * review policy it breaks, and what they can do (queued by the database with the decision).
   */
  reviewRejected: {
    to: string;
    programName: string;
    /** The program's page (site-relative), null when it is no longer listed. */
    programPath: string | null;
    title: string;
    rule: { title: string; text: string };
    /** `/review-policy`, site-relative. */
    policyPath: string;
  };
  /** To a provider when the site team did not publish its response to a review. */
  reviewResponseRejected: {
    to: string;
    programName: string;
    rule: { title: string; text: string };
    policyPath: string;
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

/** The site-relative status link the database puts in a status e-mail. */
const STATUS_PATH = /^\/request\/[A-Za-z0-9_-]{43}$/;

type Renderers = { [K in TemplateName]: (data: TemplateData[K], ctx: RenderContext) => RenderedMail };

const renderers: Renderers = {
  welcome(data, ctx) {
    const dashboard = `${ctx.siteUrl}/provider-dashboard`;
    const subject = `Welcome to ${SITE_TITLE}: your ${TRIAL_DAYS}-day free trial has started`;
    const greeting = `Hello ${oneLine(data.contactName)},`;
    const lines = [
      `Thank you for registering ${oneLine(data.organizationName)}.`,
      MONEY_STORY.free,
      MONEY_STORY.plan,
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
      [
        'Best time to call',
        data.type === 'call' && data.bestTimeToCall ? oneLine(data.bestTimeToCall) : null,
      ],
    ]);
    const intro = `${oneLine(data.name)} sent ${withArticle(what)} through the directory.`;
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
    const follow = data.forwardedToSiteTeam
      ? `Its status now: ${stageLabel('sent')}. We email you when the program marks it ${stageLabel('contacted')} or ${stageLabel('closed')}.`
      : `Its status now: ${stageLabel('sent')}. It becomes ${stageLabel('delivered')} when our email reaches the program, and we email you when the program marks it ${stageLabel('contacted')} or ${stageLabel('closed')}.`;
    const phone = data.programPhone?.trim()
      ? `If you would rather talk now, you can call ${program} at ${oneLine(data.programPhone)}.`
      : '';
    const safety =
      'If you or someone you love is in crisis, call or text 988 (Suicide & Crisis Lifeline) or call 911.';
    const note = 'This directory is informational only and does not give medical advice.';
    return {
      to: data.to,
      subject,
      text: `${greeting}\n\n${lines[0] ?? ''}\n\n${lines[1] ?? ''}\n${data.statusUrl}\n\n${follow}\n${phone ? `\n${phone}\n` : ''}\n${safety}\n\n${note}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(greeting)}</p>\n${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}\n<p><a href="${escapeHtml(data.statusUrl)}">See the status of your request</a></p>\n<p>${escapeHtml(follow)}</p>\n${phone ? `<p>${escapeHtml(phone)}</p>\n` : ''}<p>${escapeHtml(safety)}</p>\n<p style="color: #6b7280; font-size: 14px;">${escapeHtml(note)}</p>`,
      ),
    };
  },

  inquiryStatus(data, ctx) {
    const what = data.type === 'call' ? 'call request' : 'information request';
    const program = oneLine(data.programName) || 'The program';
    const label = stageLabel(requestStage(data.status, data.deliveredToProgram === true));
    const subject = `Your ${what} to ${program}: ${label}`;
    const greeting = `Hello ${oneLine(data.name)},`;
    const lead = statusChangeSentence(requestStage(data.status, data.deliveredToProgram === true), program);
    // Links only to the site: the database writes the path, the site's address comes from here.
    if (!STATUS_PATH.test(data.statusUrl)) throw new Error('The status e-mail has no valid status link.');
    const statusUrl = `${ctx.siteUrl}${data.statusUrl}`;
    const link =
      'See the status of your request on this private page (no account needed). Keep this link to yourself: anyone with it can see the status of your request.';
    const safety =
      'If you or someone you love is in crisis, call or text 988 (Suicide & Crisis Lifeline) or call 911.';
    const note =
      'This directory is informational only and does not give medical advice. The program answers you directly by email or phone.';
    return {
      to: data.to,
      subject,
      text: `${greeting}\n\n${lead}\n\n${link}\n${statusUrl}\n\n${safety}\n\n${note}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(greeting)}</p>\n<p>${escapeHtml(lead)}</p>\n<p>${escapeHtml(link)}</p>\n<p><a href="${escapeHtml(statusUrl)}">See the status of your request</a></p>\n<p>${escapeHtml(safety)}</p>\n<p style="color: #6b7280; font-size: 14px;">${escapeHtml(note)}</p>`,
      ),
    };
  },

  verificationDecision(data, ctx) {
    const approved = data.decision === 'approved';
    const organization = oneLine(data.organizationName);
    const subject = approved
      ? `${organization} is now verified`
      : `Your verification request for ${organization} needs updates`;
    // docs/product-rules.md#what-the-badges-mean: what was checked, where the badge shows, and
    // never "your listing shows it" unless a listing is live.
    const lines = approved
      ? [
          `Your verification request was approved: your organization is now a ${TRUST.verified.badge}. The site team checked your organization’s identity, state license and documents.`,
          data.hasLiveListing === true
            ? `Your published program pages show “${TRUST.verified.badge}” with today’s date from the next update of the site, usually within a few minutes.`
            : data.hasLiveListing === false
              ? `You have no published listing yet. Once the site team has reviewed and published your listing, its page shows “${TRUST.verified.badge}” with this date. Build it and submit it for review from your dashboard.`
              : `Program pages published from your listings show “${TRUST.verified.badge}” with this date.`,
          'Verification is not endorsement: it tells families who you are, not how good your care is.',
        ]
      : [
          'We could not approve your verification request yet. You can send updated documents from your dashboard.',
        ];
    const notes = data.notes?.trim() ? data.notes : '';
    const dashboard = `${ctx.siteUrl}/provider-dashboard`;
    const meaning = approved ? `${ctx.siteUrl}${HOW_WE_VERIFY_PATH}` : '';
    return {
      to: data.to,
      subject,
      text: `${lines.join('\n\n')}\n${meaning ? `\nWhat the badges mean: ${meaning}\n` : ''}${notes ? `\nReviewer notes:\n${notes}\n` : ''}\nYour dashboard: ${dashboard}\n`,
      html: page(
        subject,
        `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}\n${meaning ? `<p><a href="${escapeHtml(meaning)}">What the badges mean</a></p>\n` : ''}${notes ? `<h2 style="font-size: 16px;">Reviewer notes</h2>\n${paragraphs(notes)}` : ''}\n<p><a href="${escapeHtml(dashboard)}">Open your provider dashboard</a></p>`,
      ),
    };
  },

  listingDecision(data, ctx) {
    const approved = data.decision === 'approved';
    const center = oneLine(data.centerName) || oneLine(data.organizationName);
    const subject = approved ? `Your listing ${center} is approved` : `Your listing ${center} needs updates`;
    const programUrl = approved && data.programId ? `${ctx.siteUrl}/program/${data.programId}` : '';
    // What was approved, where and when it is published, and what to do next.
    const lead = approved
      ? `The site team reviewed the facts of your listing “${center}” and approved it. It is published ${programUrl ? `at ${programUrl} ` : ''}at the next update of the site, usually within a few minutes, marked “${TRUST.reviewed.badge}” with the date of this review.`
      : data.publishedStays
        ? `We could not approve your changes to ${center} yet. Your published listing stays on the directory as it was; please update your changes from your dashboard and submit them again.`
        : 'We could not approve your listing yet. Please update it from your dashboard and submit it again.';
    const next = approved
      ? [
          ...(data.providerVerified === true
            ? []
            : [
                data.providerVerified === false
                  ? `Request verification from the Verification tab of your dashboard: once the site team has checked your identity, state license and documents, your page also shows “${TRUST.verified.badge}”.`
                  : `If your organization is not a ${TRUST.verified.badge} yet, request verification from the Verification tab of your dashboard.`,
              ]),
          `Keep your availability current: change it in your dashboard whenever it changes, or confirm it is still accurate. Families see the date you last confirmed it; after ${String(STALE_AFTER_DAYS)} days it shows as not confirmed.`,
          'Any other change to your listing is reviewed before it is published; until then families see this version.',
        ]
      : [];
    const notes = data.notes?.trim() ? data.notes : '';
    const dashboard = `${ctx.siteUrl}/provider-dashboard`;
    return {
      to: data.to,
      subject,
      text: `${lead}\n${programUrl ? `\nYour program page: ${programUrl}\n` : ''}${next.length > 0 ? `\nWhat to do next:\n${next.map((n) => `- ${n}`).join('\n')}\n` : ''}${notes ? `\nReviewer notes:\n${notes}\n` : ''}\nYour dashboard: ${dashboard}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(lead)}</p>\n${programUrl ? `<p><a href="${escapeHtml(programUrl)}">See your program page</a></p>\n` : ''}${next.length > 0 ? `<h2 style="font-size: 16px;">What to do next</h2>\n<ul>${next.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>\n` : ''}${notes ? `<h2 style="font-size: 16px;">Reviewer notes</h2>\n${paragraphs(notes)}` : ''}\n<p><a href="${escapeHtml(dashboard)}">Open your provider dashboard</a></p>`,
      ),
    };
  },

  listingPublication(data, ctx) {
    const center = oneLine(data.centerName) || oneLine(data.organizationName);
    const programUrl = data.programId ? `${ctx.siteUrl}/program/${data.programId}` : '';
    const subject =
      data.change === 'unpublished'
        ? `Your listing ${center} was unpublished`
        : data.change === 'withdrawn'
          ? `Your listing ${center} was withdrawn`
          : `Your listing ${center} is published again`;
    const lead =
      data.change === 'unpublished'
        ? `The site team took your listing ${center} off the directory. Its page, its card and its place in search are removed at the next update of the site, usually within a few minutes. The reason is below. Correct your listing from your dashboard and submit it again; once the site team approves it, it is published again.`
        : data.change === 'withdrawn'
          ? `You withdrew your listing ${center} from the directory. Its page, its card and its place in search are removed at the next update of the site, usually within a few minutes. Your listing stays in your dashboard: submit it again whenever you want it reviewed and published again.`
          : `The site team published your listing ${center} again. It is back on the directory at the next update of the site, usually within a few minutes${programUrl ? `, at ${programUrl}` : ''}.`;
    const reason = data.reason?.trim() ? data.reason : '';
    const reasonTitle = data.change === 'withdrawn' ? 'Your reason' : 'Reason';
    const dashboard = `${ctx.siteUrl}/provider-dashboard`;
    return {
      to: data.to,
      subject,
      text: `${lead}\n${reason ? `\n${reasonTitle}:\n${reason}\n` : ''}\nYour dashboard: ${dashboard}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(lead)}</p>\n${reason ? `<h2 style="font-size: 16px;">${reasonTitle}</h2>\n${paragraphs(reason)}` : ''}\n<p><a href="${escapeHtml(dashboard)}">Open your provider dashboard</a></p>`,
      ),
    };
  },

  reviewRejected(data, ctx) {
    const program = oneLine(data.programName);
    const subject = `Your review of ${program} was not published`;
    const policy = `${ctx.siteUrl}${data.policyPath}`;
    const programUrl = data.programPath ? `${ctx.siteUrl}${data.programPath}` : null;
    const lead = `Thank you for reviewing ${program}. The site team checked your review "${oneLine(data.title)}" against our review policy and did not publish it, because it breaks this rule:`;
    const next = programUrl
      ? `You can edit your review on the program's page (${programUrl}) so that it follows the policy; it is checked again before it is published. A low rating, criticism or a complaint is never a reason to remove a review.`
      : 'A low rating, criticism or a complaint is never a reason to remove a review.';
    return {
      to: data.to,
      subject,
      text: `${lead}\n\n${data.rule.title}: ${data.rule.text}\n\n${next}\n\nOur review policy: ${policy}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(lead)}</p>\n<p><strong>${escapeHtml(data.rule.title)}</strong>: ${escapeHtml(data.rule.text)}</p>\n<p>${escapeHtml(next)}</p>\n<p><a href="${escapeHtml(policy)}">Read our review policy</a></p>`,
      ),
    };
  },

  reviewResponseRejected(data, ctx) {
    const program = oneLine(data.programName);
    const subject = `Your response to a review of ${program} was not published`;
    const policy = `${ctx.siteUrl}${data.policyPath}`;
    const dashboard = `${ctx.siteUrl}/provider-dashboard`;
    const lead = `The site team checked your response to a review of ${program} against our review policy and did not publish it, because it breaks this rule:`;
    const next =
      'You can edit your response from your dashboard; it is checked again before it is published.';
    return {
      to: data.to,
      subject,
      text: `${lead}\n\n${data.rule.title}: ${data.rule.text}\n\n${next}\n\nYour dashboard: ${dashboard}\nOur review policy: ${policy}\n`,
      html: page(
        subject,
        `<p>${escapeHtml(lead)}</p>\n<p><strong>${escapeHtml(data.rule.title)}</strong>: ${escapeHtml(data.rule.text)}</p>\n<p>${escapeHtml(next)}</p>\n<p><a href="${escapeHtml(dashboard)}">Open your provider dashboard</a> · <a href="${escapeHtml(policy)}">Read our review policy</a></p>`,
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
