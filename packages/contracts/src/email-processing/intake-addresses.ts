import { z } from 'zod';
import { idNumber, int4, okResponse, text } from '../common';

/** An address or an '@domain' suffix (docs/decisions/email-intake.md, Managing intake addresses). */
const EMAIL = /^[^\s@<>(),;:"]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const DOMAIN = /^@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

export const INTAKE_MSG = {
  address: 'Enter the intake address as a whole email address, like invoices@example.com',
  sender: "Each allowed sender is an email address, or a domain written '@example.com'",
  tooManySenders: 'At most 100 allowed senders',
  taken: 'That intake address is already in use',
  actingUser: 'Choose a person of the organisation who may enter invoices (not an observer)',
  notFound: 'No such intake address',
  saved: 'Intake address saved',
  deleted: 'Intake address deleted',
} as const;

/** One intake address of an organisation, as the settings screen shows and edits it. */
export const intakeAddress = z.object({
  id: int4(),
  address: text(),
  allowedSenders: z.array(text()),
  sendReceipt: z.boolean(),
  active: z.boolean(),
  actingUser: z.object({ id: int4(), name: text() }),
  /** Messages received through it (kept after the address is deleted). */
  messages: int4(),
});
export type IntakeAddress = z.infer<typeof intakeAddress>;

export const intakeAddressList = z.object({
  success: z.literal(true),
  data: z.array(intakeAddress),
  /** The people the intake may act for: members who may enter invoices. */
  people: z.array(z.object({ id: int4(), name: text() })),
});
export type IntakeAddressList = z.infer<typeof intakeAddressList>;

export const intakeAddressBody = z.object({
  address: text().trim().toLowerCase().max(254, INTAKE_MSG.address).email(INTAKE_MSG.address),
  allowedSenders: z
    .array(
      text()
        .trim()
        .toLowerCase()
        .max(254, INTAKE_MSG.sender)
        .refine((s) => EMAIL.test(s) || DOMAIN.test(s), INTAKE_MSG.sender),
    )
    .max(100, INTAKE_MSG.tooManySenders)
    .default([]),
  sendReceipt: z.boolean().default(false),
  active: z.boolean().default(true),
  /** The person the intake acts for; left out: the caller, when they may enter invoices here. */
  actingUserId: idNumber().optional(),
});
export type IntakeAddressBody = z.input<typeof intakeAddressBody>;

export const intakeAddressParams = z.object({ id: idNumber(), addressId: idNumber() });

export const intakeAddressAnswer = z.object({
  success: z.literal(true),
  message: text(),
  data: intakeAddress,
});
export const intakeDeleted = okResponse.extend({ message: text() });
