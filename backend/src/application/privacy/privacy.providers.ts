import { EraseAccountHandler } from './erase-account/erase-account.handler';
import { ExportAccountHandler } from './export-account/export-account.handler';
import { ReapplyErasureHandler } from './reapply-erasure/reapply-erasure.handler';

/** The privacy policy's rights over an account, one folder each; the privacy module registers them. */
export const PRIVACY_HANDLERS = [ExportAccountHandler, EraseAccountHandler, ReapplyErasureHandler];
