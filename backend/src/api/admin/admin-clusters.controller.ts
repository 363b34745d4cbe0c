import { Body, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminSession } from '../../application/accounts/account-reads';
import { ClearClusterCommand } from '../../application/moderation/clear-cluster/clear-cluster.command';
import { GetClusterQuery } from '../../application/moderation/get-cluster/get-cluster.query';
import { ListClustersQuery } from '../../application/moderation/list-clusters/list-clusters.query';
import { ListHeldVotesQuery } from '../../application/moderation/list-held-votes/list-held-votes.query';
import { CurrentSession } from '../auth/session.guard';
import { Refusals } from '../shared/openapi';
import { actOf, ADMIN_ONLY, AdminApi } from './admin-api';
import { AdminPageQueryDto, ReasonDto } from './admin-shared.dto';
import {
  AdminClusterDetailResponse,
  AdminClusterPage,
  ClearClusterResponse,
  HeldVotesResponse,
  toAdminCluster,
  toClusterDetail,
  toHeldVote,
} from './admin-clusters.view';
import { RequestId } from '../shared/request-id';

/**
 * Bursts of sign-ups from one network (their ratings and likes held out until cleared) and the
 * votes that did not count, with why.
 */
@AdminApi()
export class AdminClustersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @ApiOperation({
    operationId: 'Admin_clusters',
    summary: 'Bursts of sign-ups from one network, held first, then newest',
  })
  @ApiOkResponse({ type: AdminClusterPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A page is malformed' })
  @Get('clusters')
  @Header('Cache-Control', 'no-store')
  async clusters(@Query() query: AdminPageQueryDto): Promise<AdminClusterPage> {
    const page = await this.queryBus.execute(new ListClustersQuery(query));
    return { ...page, items: page.items.map(toAdminCluster) };
  }

  @ApiOperation({
    operationId: 'Admin_cluster',
    summary: 'One cluster: its accounts, when they registered, and their held-out votes',
  })
  @ApiOkResponse({ type: AdminClusterDetailResponse })
  @Refusals({ ...ADMIN_ONLY, 404: 'Cluster not found' })
  @Get('clusters/:id')
  @Header('Cache-Control', 'no-store')
  async cluster(@Param('id') id: string): Promise<AdminClusterDetailResponse> {
    return toClusterDetail(await this.queryBus.execute(new GetClusterQuery(id)));
  }

  @ApiOperation({
    operationId: 'Admin_clearCluster',
    summary:
      'Clear a cluster with a reason: its accounts’ held ratings and likes count from now on',
  })
  @ApiOkResponse({ type: ClearClusterResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'No reason, or one too long', 404: 'Cluster not found' })
  @Post('clusters/:id/clear')
  @HttpCode(200)
  async clear(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
    @RequestId() requestId: string,
  ): Promise<ClearClusterResponse> {
    const { counted } = await this.commandBus.execute(
      new ClearClusterCommand(actOf(session, requestId), id, body.reason),
    );
    return { ...toClusterDetail(await this.queryBus.execute(new GetClusterQuery(id))), counted };
  }

  @ApiOperation({
    operationId: 'Admin_postHeldVotes',
    summary: 'The votes on a post that did not count when cast, and why (newest first, 200)',
  })
  @ApiOkResponse({ type: HeldVotesResponse })
  @Refusals(ADMIN_ONLY)
  @Get('posts/:id/held-votes')
  @Header('Cache-Control', 'no-store')
  async heldVotes(@Param('id') id: string): Promise<HeldVotesResponse> {
    const votes = await this.queryBus.execute(new ListHeldVotesQuery({ postId: id }));
    return { items: votes.map(toHeldVote) };
  }
}
