import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/shared/errors';
import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { GetAdminUserQuery } from './get-admin-user.query';

@QueryHandler(GetAdminUserQuery)
export class GetAdminUserHandler implements IQueryHandler<GetAdminUserQuery, UserDocument> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ userId }: GetAdminUserQuery): Promise<UserDocument> {
    const user = await this.readStore.findOne<UserDocument>(USERS, { _id: userId });
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }
}
