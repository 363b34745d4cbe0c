import {
  Body,
  Controller,
  Inject,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { AdminSession } from '../../application/accounts/account-reads';
import {
  AdminReads,
  BOOST_NOT_FOUND,
  NO_RECEIPT,
  type Paged,
} from '../../application/moderation/admin-reads';
import { CLOCK, type Clock } from '../../application/shared/clock';
import { type AdminAct, Moderation } from '../../application/moderation/moderation';
import { ValidationError } from '../../domain/shared/errors';
import type { PostDocument } from '../../projections/posts/posts.projection';
import type { ReportDocument } from '../../projections/reports/reports.projection';
import { AdminSessionGuard, CurrentAdminSession } from '../admin-auth/admin-session.guard';
import { AdminSessionRequired, Refusals, SuccessResponse } from '../shared/openapi';
import {
  AdminBoostsQueryDto,
  AdminCommentsQueryDto,
  AdminPaymentsQueryDto,
  AdminPageQueryDto,
  AdminPostsQueryDto,
  AdminReportsQueryDto,
  AdminUsersQueryDto,
  AuditQueryDto,
  OptionalReasonDto,
  PatchPostDto,
  PatchReportDto,
  PatchUserDto,
  ReasonDto,
  ResolveDisputeDto,
  StatisticsQueryDto,
} from './admin.dto';
import {
  AdminBoostPage,
  AdminCommentPage,
  AdminPaymentPage,
  AdminPaymentResponse,
  AdminPostPage,
  AdminPostResponse,
  AdminReportPage,
  AdminReportResponse,
  AdminUserPage,
  AdminUserResponse,
  AuditPage,
  type AuditEntryResponse,
  DashboardCountsResponse,
  ReceiptResponse,
  StatisticsResponse,
  type StatisticsWeekResponse,
  toAdminBoost,
  toAdminComment,
  toAdminPayment,
  toAdminPost,
  toAdminReport,
  toAdminUser,
  toAuditEntry,
} from './admin.view';

export const ADMIN_ONLY = {
  401: 'No admin session (a user session, even with isAdmin, does not count)',
};
const CSV_MAX_ROWS = 10_000;

/**
 * The back office (spec §2 "Admin"): lists paginated and filtered on the server, and every
 * action an event on the stream of what it changes, with the signed-in admin as its actor.
 */
@ApiTags('admin')
@AdminSessionRequired()
@UseGuards(AdminSessionGuard)
@Controller('api/rtm-sys')
export class AdminController {
  constructor(
    private readonly reads: AdminReads,
    private readonly moderation: Moderation,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private act(session: AdminSession): AdminAct {
    return { adminId: session.adminId, correlationId: randomUUID() };
  }

  private async postViews(posts: PostDocument[]): Promise<AdminPostResponse[]> {
    const people = await this.reads.people(posts.map((post) => post.authorId));
    return posts.map((post) => toAdminPost(post, people.get(post.authorId) ?? null));
  }

  private async postView(postId: string): Promise<AdminPostResponse> {
    return (await this.postViews([await this.reads.post(postId)]))[0];
  }

  @ApiOperation({ summary: 'Counts for the dashboard tabs' })
  @ApiOkResponse({ type: DashboardCountsResponse })
  @Refusals(ADMIN_ONLY)
  @Get('dashboard')
  @Header('Cache-Control', 'no-store')
  async dashboard(): Promise<DashboardCountsResponse> {
    return this.reads.counts(this.clock.now());
  }

  @ApiOperation({
    summary:
      'Every boost with its state (unclaimed, active, expired, withdrawn; refunded: any with a refund), newest first',
  })
  @ApiOkResponse({ type: AdminBoostPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('boosts')
  @Header('Cache-Control', 'no-store')
  async boosts(@Query() query: AdminBoostsQueryDto): Promise<AdminBoostPage> {
    const now = this.clock.now();
    const page = await this.reads.boosts(query.status, query.userId, query.postId, now, query);
    const people = await this.reads.people(page.items.map((boost) => boost.userId));
    return {
      ...page,
      items: page.items.map((boost) => toAdminBoost(boost, people.get(boost.userId) ?? null, now)),
    };
  }

  @ApiOperation({ summary: 'The receipt address of the charge that paid for a boost' })
  @ApiOkResponse({ type: ReceiptResponse })
  @Refusals({ ...ADMIN_ONLY, 404: `${BOOST_NOT_FOUND}, or: ${NO_RECEIPT}` })
  @Get('boosts/:id/receipt')
  @Header('Cache-Control', 'no-store')
  async boostReceipt(@Param('id') id: string): Promise<ReceiptResponse> {
    return { receiptUrl: await this.reads.boostReceipt(id) };
  }

  @ApiOperation({
    summary:
      'Every purchase, donation, refund and dispute Stripe told of, with amounts (cents), newest first',
  })
  @ApiOkResponse({ type: AdminPaymentPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('payments')
  @Header('Cache-Control', 'no-store')
  async payments(@Query() query: AdminPaymentsQueryDto): Promise<AdminPaymentPage> {
    const page = await this.reads.payments(query);
    const [people, admins] = await Promise.all([
      this.reads.people(page.items.flatMap((fact) => (fact.userId ? [fact.userId] : []))),
      this.reads.adminNames(
        page.items.flatMap((fact) => (fact.resolvedBy ? [fact.resolvedBy] : [])),
      ),
    ]);
    return {
      ...page,
      items: page.items.map((fact) =>
        toAdminPayment(fact, fact.userId ? (people.get(fact.userId) ?? null) : null, admins),
      ),
    };
  }

  @ApiOperation({
    summary:
      'Resolve a payment dispute that suspended the buyer’s boost purchases: lift the suspension or keep it',
  })
  @ApiOkResponse({ type: AdminPaymentResponse })
  @Refusals({
    ...ADMIN_ONLY,
    400: 'liftSuspension missing, or no reason',
    404: 'Dispute not found',
    409: 'Already resolved, or the dispute suspended no account',
  })
  @Post('payments/disputes/:disputeId/resolve')
  @HttpCode(200)
  async resolveDispute(
    @CurrentAdminSession() session: AdminSession,
    @Param('disputeId') disputeId: string,
    @Body() body: ResolveDisputeDto,
  ): Promise<AdminPaymentResponse> {
    await this.moderation.resolveDispute(
      this.act(session),
      disputeId,
      body.liftSuspension,
      body.reason,
    );
    const dispute = await this.reads.dispute(disputeId);
    const [people, admins] = await Promise.all([
      this.reads.people(dispute.userId ? [dispute.userId] : []),
      this.reads.adminNames(dispute.resolvedBy ? [dispute.resolvedBy] : []),
    ]);
    return toAdminPayment(
      dispute,
      dispute.userId ? (people.get(dispute.userId) ?? null) : null,
      admins,
    );
  }

  @ApiOperation({ summary: 'Posts, pending review first, filtered' })
  @ApiOkResponse({ type: AdminPostPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('posts')
  @Header('Cache-Control', 'no-store')
  async posts(@Query() query: AdminPostsQueryDto): Promise<AdminPostPage> {
    const page = await this.reads.posts(query.filter, query.authorId, query);
    return { ...page, items: await this.postViews(page.items) };
  }

  @ApiOperation({ summary: 'One post, whatever its state' })
  @ApiOkResponse({ type: AdminPostResponse })
  @Refusals({ ...ADMIN_ONLY, 404: 'Post not found' })
  @Get('posts/:id')
  @Header('Cache-Control', 'no-store')
  post(@Param('id') id: string): Promise<AdminPostResponse> {
    return this.postView(id);
  }

  @ApiOperation({
    summary:
      'Approve ({ isModerated: true }, only while unmoderated) or hide / show ({ isPublic })',
  })
  @ApiOkResponse({ type: AdminPostResponse })
  @Refusals({
    ...ADMIN_ONLY,
    400: 'Neither or both of isModerated and isPublic, or isModerated false',
    404: 'Post not found',
    409: 'Already approved',
  })
  @Patch('posts/:id')
  async patchPost(
    @CurrentAdminSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: PatchPostDto,
  ): Promise<AdminPostResponse> {
    const approve = body.isModerated !== undefined;
    const visibility = body.isPublic !== undefined;
    if (approve === visibility) {
      throw new ValidationError('Send either isModerated or isPublic');
    }
    if (approve) {
      if (body.isModerated !== true) {
        throw new ValidationError('An approval cannot be taken back: isModerated must be true');
      }
      await this.moderation.approvePost(this.act(session), id);
    } else {
      await this.moderation.setPostVisibility(
        this.act(session),
        id,
        body.isPublic as boolean,
        body.reason ?? null,
      );
    }
    return this.postView(id);
  }

  @ApiOperation({ summary: 'Remove a post for good, with a reason' })
  @ApiOkResponse({ type: AdminPostResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'No reason', 404: 'Post not found' })
  @Delete('posts/:id')
  async removePost(
    @CurrentAdminSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
  ): Promise<AdminPostResponse> {
    await this.moderation.removePost(this.act(session), id, body.reason);
    return this.postView(id);
  }

  @ApiOperation({ summary: 'Comments, newest first, searched and filtered' })
  @ApiOkResponse({ type: AdminCommentPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('comments')
  @Header('Cache-Control', 'no-store')
  async comments(@Query() query: AdminCommentsQueryDto): Promise<AdminCommentPage> {
    const page = await this.reads.comments(query.search, query.postId, query.authorId, query);
    const people = await this.reads.people(page.items.map((c) => c.authorId));
    return {
      ...page,
      items: page.items.map((c) => toAdminComment(c, people.get(c.authorId) ?? null)),
    };
  }

  @ApiOperation({ summary: 'Delete a comment (with its replies) with a reason' })
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'No reason', 404: 'Comment not found' })
  @Delete('comments/:id')
  @HttpCode(200)
  async removeComment(
    @CurrentAdminSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
  ): Promise<SuccessResponse> {
    await this.moderation.removeComment(this.act(session), id, body.reason);
    return { success: true };
  }

  private async reportViews(page: Paged<ReportDocument>): Promise<AdminReportPage> {
    const postIds = [...new Set(page.items.map((r) => r.postId))];
    const posts = await Promise.all(postIds.map((id) => this.reads.post(id).catch(() => null)));
    const postViews = await this.postViews(posts.filter((p): p is PostDocument => p !== null));
    const byId = new Map(postViews.map((p) => [p.id, p]));
    const people = await this.reads.people(page.items.flatMap((r) => [r.reporterId, r.authorId]));
    const admins = await this.reads.adminNames(
      page.items.map((r) => r.reviewedBy).filter((id): id is string => id !== null),
    );
    return {
      ...page,
      items: page.items.map((r) => toAdminReport(r, byId.get(r.postId) ?? null, people, admins)),
    };
  }

  @ApiOperation({ summary: 'Reports, pending first, filtered' })
  @ApiOkResponse({ type: AdminReportPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('reports')
  @Header('Cache-Control', 'no-store')
  async reports(@Query() query: AdminReportsQueryDto): Promise<AdminReportPage> {
    return this.reportViews(
      await this.reads.reports(query.status, query.postId, query.authorId, query),
    );
  }

  @ApiOperation({
    summary: 'Review or dismiss a pending report (hidePost hides the post in the same step)',
  })
  @ApiOkResponse({ type: AdminReportResponse })
  @Refusals({
    ...ADMIN_ONLY,
    400: 'status is not reviewed or dismissed',
    404: 'Report not found',
    409: 'This report has already been reviewed',
  })
  @Patch('reports/:id')
  async patchReport(
    @CurrentAdminSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: PatchReportDto,
  ): Promise<AdminReportResponse> {
    await this.moderation.reviewReport(
      this.act(session),
      id,
      body.status,
      body.hidePost === true,
      body.note ?? null,
    );
    const reviewed = await this.reads.report(id);
    return (await this.reportViews({ items: [reviewed], total: 1, page: 1, pageSize: 1 })).items[0];
  }

  @ApiOperation({ summary: 'Accounts, newest first, searched by email or name' })
  @ApiOkResponse({ type: AdminUserPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('users')
  @Header('Cache-Control', 'no-store')
  async users(@Query() query: AdminUsersQueryDto): Promise<AdminUserPage> {
    const page = await this.reads.users(query.search, query.status, query);
    return { ...page, items: page.items.map(toAdminUser) };
  }

  @ApiOperation({ summary: 'Reports against an account’s posts' })
  @ApiOkResponse({ type: AdminReportPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A page is malformed' })
  @Get('users/:id/reports')
  @Header('Cache-Control', 'no-store')
  async userReports(
    @Param('id') id: string,
    @Query() query: AdminPageQueryDto,
  ): Promise<AdminReportPage> {
    return this.reportViews(await this.reads.reports('all', undefined, id, query));
  }

  @ApiOperation({ summary: 'Give or take the staff flag ({ isAdmin })' })
  @ApiOkResponse({ type: AdminUserResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'isAdmin is not a boolean', 404: 'User not found' })
  @Patch('users/:id')
  async patchUser(
    @CurrentAdminSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: PatchUserDto,
  ): Promise<AdminUserResponse> {
    await this.moderation.setUserAdmin(this.act(session), id, body.isAdmin);
    return toAdminUser(await this.reads.user(id));
  }

  @ApiOperation({ summary: 'Suspend an account (sessions end, sign-in refused)' })
  @ApiOkResponse({ type: AdminUserResponse })
  @Refusals({
    ...ADMIN_ONLY,
    400: 'No reason',
    404: 'User not found',
    409: 'Already suspended or banned',
  })
  @Post('users/:id/suspend')
  @HttpCode(200)
  async suspend(
    @CurrentAdminSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
  ): Promise<AdminUserResponse> {
    await this.moderation.suspendUser(this.act(session), id, body.reason);
    return toAdminUser(await this.reads.user(id));
  }

  @ApiOperation({
    summary: 'Ban an account (sessions end, sign-in refused, posts and comments hidden)',
  })
  @ApiOkResponse({ type: AdminUserResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'No reason', 404: 'User not found', 409: 'Already banned' })
  @Post('users/:id/ban')
  @HttpCode(200)
  async ban(
    @CurrentAdminSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
  ): Promise<AdminUserResponse> {
    await this.moderation.banUser(this.act(session), id, body.reason);
    return toAdminUser(await this.reads.user(id));
  }

  @ApiOperation({ summary: 'Lift a suspension or a ban' })
  @ApiOkResponse({ type: AdminUserResponse })
  @Refusals({ ...ADMIN_ONLY, 404: 'User not found', 409: 'Neither suspended nor banned' })
  @Post('users/:id/lift')
  @HttpCode(200)
  async lift(
    @CurrentAdminSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: OptionalReasonDto,
  ): Promise<AdminUserResponse> {
    await this.moderation.liftRestriction(this.act(session), id, body.reason ?? null);
    return toAdminUser(await this.reads.user(id));
  }

  @ApiOperation({ summary: 'Activity and revenue per day and per ISO week' })
  @ApiOkResponse({ type: StatisticsResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'Bad dates, or more than 366 days' })
  @Get('statistics')
  @Header('Cache-Control', 'no-store')
  async statistics(@Query() query: StatisticsQueryDto): Promise<StatisticsResponse> {
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from =
      query.from ?? new Date(Date.parse(to) - 27 * 86_400_000).toISOString().slice(0, 10);
    const { days, weeks } = await this.reads.statistics(from, to);
    return {
      from,
      to,
      days: days.map(({ _id, ...counts }) => ({ day: _id, ...counts })),
      weeks: weeks as unknown as StatisticsWeekResponse[],
    };
  }

  private async auditEntries(query: AuditQueryDto): Promise<Paged<AuditEntryResponse>> {
    const page = await this.reads.audit(query);
    const admins = await this.reads.adminNames(
      page.items.filter((e) => e.actorType === 'admin').map((e) => e.actorId),
    );
    return { ...page, items: page.items.map((e) => toAuditEntry(e, admins)) };
  }

  @ApiOperation({
    summary:
      'The audit log: every admin action and payment event, newest first (format=csv: a CSV file of up to 10,000 rows with the same filters)',
  })
  @ApiOkResponse({
    type: AuditPage,
    description: 'JSON; with `format=csv`, `text/csv` with a header row instead',
  })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('audit')
  @Header('Cache-Control', 'no-store')
  async audit(
    @Query() query: AuditQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuditPage | string> {
    if (query.format !== 'csv') return this.auditEntries(query);
    const rows: AuditEntryResponse[] = [];
    for (let page = 1; rows.length < CSV_MAX_ROWS; page += 1) {
      const batch = await this.auditEntries({ ...query, page, pageSize: 100 });
      rows.push(...batch.items);
      if (batch.items.length < 100) break;
    }
    const header = [
      'at',
      'actorType',
      'actor',
      'kind',
      'targetType',
      'targetId',
      'reason',
      'changes',
    ];
    const lines = [
      header.join(','),
      ...rows.map((e) =>
        [
          e.at,
          e.actorType,
          e.actorName,
          e.kind,
          e.targetType,
          e.targetId,
          e.reason ?? '',
          JSON.stringify(e.changes),
        ]
          .map(csvCell)
          .join(','),
      ),
    ];
    response.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="audit.csv"',
    });
    return `${lines.join('\r\n')}\r\n`;
  }
}

/** RFC 4180 quoting, and a leading = + - @ neutralised so a spreadsheet never runs it. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
