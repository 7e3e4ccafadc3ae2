/**
 * The bodies of the review endpoints, checked the same way by the form (before sending) and by the
 * API (netlify/functions/reviews.mts, admin-reviews.mts, provider-reviews.mts), one message per
 * field from REVIEW_MESSAGES (reviews.ts), and the body types the browser sends, taken from them. The rules are src/lib/reviews.ts; the
 * database repeats them in its checks (migration 20261126000500_reviews.sql).
 */
import { z } from 'zod';
import { REVIEW_MESSAGES as M, stayYearRangeMessage } from './reviews.ts';
import { PROGRAM_ID_PATTERN } from '../../lib/program-id.ts';
import {
  CONNECTION_NOTE_MAX,
  NAME_CHOICES,
  publicName,
  RATING_MAX,
  RATING_MIN,
  RELATIONSHIPS,
  REMOVAL_RULE_IDS,
  REPORT_REASON_MAX,
  REPORT_REASON_MIN,
  RESPONSE_BODY_MAX,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_TITLE_MAX,
  stayYearProblem,
  type RemovalRuleId,
} from '../../lib/reviews.ts';
import {
  codePointLength,
  hasBidiControl,
  hasControlCharacter,
  hasLoneSurrogate,
  hasVisibleText,
  bodyObject,
} from '../../lib/schemas.ts';

/**
 * Text with one message per problem, in this order: not text (or absent: `missing`), control
 * characters (line breaks and tabs allowed when `multiline`), broken Unicode, direction
 * overrides, nothing visible, then the length in code points after trimming.
 */
function text(options: {
  missing: string;
  type: string;
  control: string;
  unicode: string;
  bidi: string;
  multiline: boolean;
  min?: { length: number; message: string };
  max: { length: number; message: string };
}) {
  const { min, max } = options;
  return z
    .string({ error: (issue) => (issue.input === undefined ? options.missing : options.type) })
    .refine((v) => !hasControlCharacter(v, options.multiline), { error: options.control, abort: true })
    .refine((v) => !hasLoneSurrogate(v), { error: options.unicode, abort: true })
    .refine((v) => !hasBidiControl(v), { error: options.bidi, abort: true })
    .transform((v) => v.trim())
    .refine(hasVisibleText, { error: options.missing, abort: true })
    .refine((v) => min === undefined || codePointLength(v) >= min.length, {
      error: min?.message ?? options.missing,
      abort: true,
    })
    .refine((v) => codePointLength(v) <= max.length, { error: max.message });
}

const title = text({
  missing: M.titleMissing,
  type: M.titleType,
  control: M.titleControl,
  unicode: M.titleUnicode,
  bidi: M.titleBidi,
  multiline: false,
  max: { length: REVIEW_TITLE_MAX, message: M.titleTooLong },
});

const body = text({
  missing: M.bodyMissing,
  type: M.bodyType,
  control: M.bodyControl,
  unicode: M.bodyUnicode,
  bidi: M.bodyBidi,
  multiline: true,
  min: { length: REVIEW_BODY_MIN, message: M.bodyTooShort },
  max: { length: REVIEW_BODY_MAX, message: M.bodyTooLong },
});

/** An optional short line (the public name's parts, the connection note): text or null. */
const optionalLine = z.string({ error: M.connectionNoteInvalid }).nullish();

const reviewFields = {
  rating: z
    .number({ error: M.ratingMissing })
    .int({ error: M.ratingMissing })
    .min(RATING_MIN, { error: M.ratingMissing })
    .max(RATING_MAX, { error: M.ratingMissing }),
  title,
  body,
  relationship: z.enum(RELATIONSHIPS, { error: M.relationshipMissing }),
  stay_year: z.number({ error: M.stayYearType }).int({ error: M.stayYearType }).nullish(),
  name_choice: z.enum(NAME_CHOICES, { error: M.nameChoiceMissing }),
  first_name: z.string({ error: M.firstNameInvalid }).nullish(),
  last_initial: z.string({ error: M.lastInitialInvalid }).nullish(),
  connected_to_program: z.boolean({ error: M.connectedMissing }),
  connection_note: optionalLine,
};

/** What a review's fields become: the public name made, the year and the note null when absent. */
export interface ReviewFields {
  rating: number;
  title: string;
  body: string;
  relationship: (typeof RELATIONSHIPS)[number];
  stay_year: number | null;
  public_name: string;
  connected_to_program: boolean;
  connection_note: string | null;
}

type RawFields = z.output<z.ZodObject<typeof reviewFields>>;

/** The rules across fields: the year of stay, the public name, the connection note. */
function crossCheck(v: RawFields, ctx: z.RefinementCtx): void {
  const problem = stayYearProblem(v.relationship, v.stay_year ?? null);
  if (problem === 'no_stay') ctx.addIssue({ code: 'custom', message: M.stayYearNoStay, path: ['stay_year'] });
  else if (problem === 'not_whole')
    ctx.addIssue({ code: 'custom', message: M.stayYearType, path: ['stay_year'] });
  else if (problem === 'out_of_range')
    ctx.addIssue({ code: 'custom', message: stayYearRangeMessage(), path: ['stay_year'] });
  if (v.name_choice === 'first_name_initial') {
    const name = publicName({ choice: v.name_choice, firstName: v.first_name, lastInitial: v.last_initial });
    if (name === null) {
      const first = publicName({ choice: v.name_choice, firstName: v.first_name, lastInitial: 'A' });
      if (first === null) ctx.addIssue({ code: 'custom', message: M.firstNameInvalid, path: ['first_name'] });
      else ctx.addIssue({ code: 'custom', message: M.lastInitialInvalid, path: ['last_initial'] });
    }
  }
  if (v.connected_to_program) {
    const note = (v.connection_note ?? '').trim();
    if (!hasVisibleText(note))
      ctx.addIssue({ code: 'custom', message: M.connectionNoteMissing, path: ['connection_note'] });
    else if (hasControlCharacter(note) || hasLoneSurrogate(note) || hasBidiControl(note))
      ctx.addIssue({ code: 'custom', message: M.connectionNoteInvalid, path: ['connection_note'] });
    else if (codePointLength(note) > CONNECTION_NOTE_MAX)
      ctx.addIssue({ code: 'custom', message: M.connectionNoteTooLong, path: ['connection_note'] });
  }
}

function toFields(v: RawFields): ReviewFields {
  return {
    rating: v.rating,
    title: v.title,
    body: v.body,
    relationship: v.relationship,
    stay_year: v.stay_year ?? null,
    public_name:
      publicName({ choice: v.name_choice, firstName: v.first_name, lastInitial: v.last_initial }) ?? '',
    connected_to_program: v.connected_to_program,
    connection_note: v.connected_to_program ? (v.connection_note ?? '').trim() : null,
  };
}

/** `PUT /api/reviews/:id` body: the review's fields. */
export const reviewEditSchema = z
  .strictObject(reviewFields, bodyObject)
  .superRefine(crossCheck)
  .transform(toFields);

/** `POST /api/reviews` body: the program and the review's fields. */
export const reviewBodySchema = z
  .strictObject(
    {
      program_id: z.string({ error: M.programId }).trim().regex(PROGRAM_ID_PATTERN, { error: M.programId }),
      ...reviewFields,
    },
    bodyObject,
  )
  .superRefine(crossCheck)
  .transform((v) => ({ program_id: v.program_id, ...toFields(v) }));

/** `POST /api/reviews/:id/report` body. */
export const reportReviewSchema = z.strictObject(
  {
    reason: text({
      missing: M.reportReasonMissing,
      type: M.reportReasonType,
      control: M.reportReasonInvalid,
      unicode: M.reportReasonInvalid,
      bidi: M.reportReasonInvalid,
      multiline: true,
      min: { length: REPORT_REASON_MIN, message: M.reportReasonTooShort },
      max: { length: REPORT_REASON_MAX, message: M.reportReasonTooLong },
    }),
  },
  bodyObject,
);

/** `PUT /api/provider/reviews/:id/response` body. */
export const responseBodySchema = z.strictObject(
  {
    body: text({
      missing: M.responseMissing,
      type: M.responseType,
      control: M.responseInvalid,
      unicode: M.responseInvalid,
      bidi: M.responseInvalid,
      multiline: true,
      max: { length: RESPONSE_BODY_MAX, message: M.responseTooLong },
    }),
  },
  bodyObject,
);

/** `PATCH /api/admin/reviews/:id` (and `…/response`) body: publish, or reject under a rule. */
export const decideReviewSchema = z
  .strictObject(
    {
      decision: z.enum(['publish', 'reject'], { error: M.decisionMissing }),
      rule: z
        .enum(REMOVAL_RULE_IDS as [RemovalRuleId, ...RemovalRuleId[]], { error: M.ruleMissing })
        .nullish(),
      // The version the moderator read: required, so no decision skips the check.
      revision: z
        .number({ error: M.revisionRequired })
        .int({ error: M.revisionRequired })
        .positive({ error: M.revisionRequired }),
    },
    bodyObject,
  )
  .refine((v) => v.decision !== 'reject' || (v.rule !== null && v.rule !== undefined), {
    error: M.ruleMissing,
    path: ['rule'],
  })
  .transform((v) => ({
    decision: v.decision,
    rule: v.decision === 'reject' ? (v.rule ?? null) : null,
    revision: v.revision,
  }));

/** `POST /api/reviews` body. */
export type ReviewBody = z.input<typeof reviewBodySchema>;
/** `PUT /api/reviews/:id` body: the same without `program_id`. */
export type ReviewEditBody = z.input<typeof reviewEditSchema>;
/** `POST /api/reviews/:id/report` body. */
export type ReportReviewBody = z.input<typeof reportReviewSchema>;
/** `PATCH /api/admin/reviews/:id` and `…/response` body. */
export type DecideReviewBody = z.input<typeof decideReviewSchema>;
/** `PUT /api/provider/reviews/:id/response` body. */
export type ResponseBody = z.input<typeof responseBodySchema>;
