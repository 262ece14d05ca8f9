import { z } from 'zod';
import { TICKET_TEXT_MAX_LENGTH } from '../constants.js';

/**
 * Support tickets (spec 000 §2.8, §3, §4, §5, §8; docs/decisions/034-support-tickets.md): the
 * support pane's form, stored with who, when and the account, mailed to the support address,
 * and listed for staff.
 */

/** An option of the support configuration's lists (spec 000 §3). */
export const supportOptionSchema = z.object({
  value: z.string(),
  displayName: z.string(),
  order: z.number().int(),
});
export type SupportOption = z.infer<typeof supportOptionSchema>;

/** A ticket type with its subtypes (choosing a type resets the subtype, spec 000 §4). */
export const supportTypeSchema = supportOptionSchema.extend({
  subTypes: z.array(supportOptionSchema),
});

/** The support configuration file's option lists. */
export const supportConfigSchema = z.object({
  types: z.array(supportTypeSchema),
  priorities: z.array(supportOptionSchema),
  impacts: z.array(supportOptionSchema),
});
export type SupportConfig = z.infer<typeof supportConfigSchema>;

/** The values the rules of spec 000 §5 name. */
export const TICKET_TYPE_PROBLEM = 'Problem';
export const TICKET_SUBTYPE_OTHER = 'Other';
export const TICKET_IMPACT_MULTIPLE_DEVICES = 'MultipleDevices';
export const TICKET_DEFAULT_PRIORITY = 'Medium';
export const TICKET_SUBJECT_MAX_LENGTH = 200;
export const TICKET_SERIAL_MAX_LENGTH = 100;

/** Texts of the ticket form and its answers (spec 000 §5, §8; quoted texts verbatim). */
export const ticketMessages = {
  required: (field: string) => `${field} is required.`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  impactRequired: 'Impact is required when the type is Problem.',
  explanationRequired: 'Please explain: Other is chosen.',
  completeRequired: 'Please complete all required fields.',
  multipleDevices: 'Please select the most relevant Device (select one).',
  noDevices: 'No available devices found.',
  submitted: 'Your ticket has been submitted!',
  failed: 'Error encountered while attempting to create ticket.',
  unknownOption: (field: string) => `${field} is not one of the support configuration's options.`,
} as const;

const text = (field: string, max: number, missing = `${field} must be text.`) =>
  z
    .string({ error: () => missing })
    .trim()
    .max(max, ticketMessages.tooLong(field, max));
const required = (field: string, max: number) =>
  text(field, max, ticketMessages.required(field)).min(1, ticketMessages.required(field));

/**
 * `POST /v2/support/ticket`. Which values the lists allow is the server's check against the
 * configuration; the rules between fields are here, so the form and the server agree.
 */
export const createTicketSchema = z
  .object({
    type: required('Type', 100),
    subType: required('Sub type', 100),
    priority: required('Priority', 100).default(TICKET_DEFAULT_PRIORITY),
    otherExplanation: text('Explanation', TICKET_TEXT_MAX_LENGTH).default(''),
    impact: text('Impact', 100).default(''),
    subject: required('Subject', TICKET_SUBJECT_MAX_LENGTH),
    description: required('Description', TICKET_TEXT_MAX_LENGTH),
    /** The device the ticket is about (one; spec 000 §5); its serials fill the two below. */
    deviceId: z.uuid().nullable().default(null),
    antennaSerial: text('Antenna serial', TICKET_SERIAL_MAX_LENGTH).default(''),
    modemSerial: text('Modem serial', TICKET_SERIAL_MAX_LENGTH).default(''),
  })
  .superRefine((ticket, ctx) => {
    if (ticket.type === TICKET_TYPE_PROBLEM && !ticket.impact) {
      ctx.addIssue({ code: 'custom', path: ['impact'], message: ticketMessages.impactRequired });
    }
    if (ticket.subType === TICKET_SUBTYPE_OTHER && !ticket.otherExplanation) {
      ctx.addIssue({
        code: 'custom',
        path: ['otherExplanation'],
        message: ticketMessages.explanationRequired,
      });
    }
  });
export type CreateTicket = z.input<typeof createTicketSchema>;
export type CreateTicketParsed = z.output<typeof createTicketSchema>;

export const ticketStatuses = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketSchema = z.object({
  id: z.uuid(),
  /** `TCK-000123`: what support and the customer quote. */
  number: z.string(),
  status: z.enum(ticketStatuses),
  type: z.string(),
  subType: z.string(),
  priority: z.string(),
  otherExplanation: z.string(),
  impact: z.string(),
  subject: z.string(),
  description: z.string(),
  deviceId: z.uuid().nullable(),
  deviceName: z.string().nullable(),
  antennaSerial: z.string(),
  modemSerial: z.string(),
  accountId: z.uuid(),
  accountName: z.string(),
  createdBy: z.object({ id: z.uuid().nullable(), name: z.string(), email: z.string() }),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListQuerySchema = z.object({
  status: z.enum(ticketStatuses).optional(),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(25),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketListSchema = z.object({ items: z.array(ticketSchema), count: z.number().int() });
export type TicketList = z.infer<typeof ticketListSchema>;

export const ticketIdParamsSchema = z.object({ id: z.uuid() });
export const updateTicketSchema = z.object({ status: z.enum(ticketStatuses) });
