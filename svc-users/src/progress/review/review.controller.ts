import { type ReviewDeck, type RouteCall, ROUTES } from '@dblearn/contracts';
import type { IdDto, ReviewGradeDto } from '@dblearn/contracts/dto';
import { RouteHandler } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ReviewService } from './review.service.js';

/** The review calls, forwarded by the gateway (decision 0051): each deck is the caller's own. */
@Controller()
export class ReviewController {
  constructor(private readonly review: ReviewService) {}

  @RouteHandler(ROUTES.review.deck)
  deck(@Payload() { caller }: RouteCall): Promise<ReviewDeck> {
    return this.review.deck(caller._id);
  }

  @RouteHandler(ROUTES.review.add)
  add(@Payload() { caller, body }: RouteCall<IdDto>): Promise<ReviewDeck> {
    return this.review.add(caller._id, body.id);
  }

  @RouteHandler(ROUTES.review.remove)
  remove(@Payload() { caller, params }: RouteCall<null, 'questionId'>): Promise<ReviewDeck> {
    return this.review.remove(caller._id, params.questionId);
  }

  @RouteHandler(ROUTES.review.grade)
  grade(@Payload() { caller, body }: RouteCall<ReviewGradeDto>): Promise<ReviewDeck> {
    return this.review.grade(caller._id, body);
  }
}
