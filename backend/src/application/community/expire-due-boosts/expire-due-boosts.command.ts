import { Command } from '@nestjs/cqrs';

/**
 * Ends the boosts that have run out, then answers how far the read models are (the position
 * of the last projected event, null before any): a board read sends it first, so no board
 * shows a run-out boost first, and a kept board page is known to be current.
 */
export class ExpireDueBoostsCommand extends Command<bigint | null> {}
