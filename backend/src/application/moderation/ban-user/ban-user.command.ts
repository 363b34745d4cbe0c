import { RestrictUserCommand } from '../moderation-writes';

/** Bans an account: its sessions end, sign-in is refused, its posts and comments are hidden. */
export class BanUserCommand extends RestrictUserCommand {}
