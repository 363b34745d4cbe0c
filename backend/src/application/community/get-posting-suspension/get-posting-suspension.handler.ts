import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { postingSuspendedMessage } from '../../../domain/user/strikes.decider';
import { PostingSuspensions } from '../posting-suspensions';
import {
  GetPostingSuspensionQuery,
  type PostingSuspensionView,
} from './get-posting-suspension.query';

@QueryHandler(GetPostingSuspensionQuery)
export class GetPostingSuspensionHandler implements IQueryHandler<
  GetPostingSuspensionQuery,
  PostingSuspensionView
> {
  constructor(private readonly suspensions: PostingSuspensions) {}

  async execute({ userId }: GetPostingSuspensionQuery): Promise<PostingSuspensionView> {
    const suspendedUntil = await this.suspensions.suspendedUntil(userId);
    return {
      suspendedUntil,
      message: suspendedUntil === null ? null : postingSuspendedMessage(suspendedUntil),
    };
  }
}
