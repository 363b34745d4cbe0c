import { EraseAccountHandler } from './erase-account/erase-account.handler';
import { ExportAccountHandler } from './export-account/export-account.handler';

/** The privacy policy's rights over an account, one folder each; the privacy module registers them. */
export const PRIVACY_HANDLERS = [ExportAccountHandler, EraseAccountHandler];
