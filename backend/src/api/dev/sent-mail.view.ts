import { ApiProperty } from '@nestjs/swagger';
import type { SentMail } from '../../application/ports/mail.port';

/** A mail kept in the development outbox. */
export class SentMailResponse implements SentMail {
  @ApiProperty({ format: 'email' })
  to!: string;

  subject!: string;

  text!: string;

  html!: string;

  @ApiProperty({ format: 'date-time' })
  sentAt!: string;
}
