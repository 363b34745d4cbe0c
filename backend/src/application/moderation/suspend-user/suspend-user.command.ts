import { RestrictUserCommand } from '../moderation-writes';

/** Suspends an account: its sessions end and sign-in is refused. */
export class SuspendUserCommand extends RestrictUserCommand {}
