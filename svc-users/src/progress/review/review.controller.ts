import { type ReviewDeck, USERS_PATTERNS } from '@dblearn/contracts';
import { IdDto, ReviewGradeDto, UserIdDto, type WithPathId } from '@dblearn/contracts/dto';
import { PathIdAndBody } from '@dblearn/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReviewService } from './review.service.js';

/** The review calls; the gateway sends only the caller's own id. */
@Controller()
export class ReviewController {
  constructor(private readonly review: ReviewService) {}

  @MessagePattern(USERS_PATTERNS.reviewDeck)
  deck(@Payload() { userId }: UserIdDto): Promise<ReviewDeck> {
    return this.review.deck(userId);
  }

  @MessagePattern(USERS_PATTERNS.addToReview)
  add(@Payload(PathIdAndBody(IdDto, 'userId')) { id, body }: WithPathId<IdDto>): Promise<ReviewDeck> {
    return this.review.add(id, body.id);
  }

  @MessagePattern(USERS_PATTERNS.removeFromReview)
  remove(@Payload(PathIdAndBody(IdDto, 'userId')) { id, body }: WithPathId<IdDto>): Promise<ReviewDeck> {
    return this.review.remove(id, body.id);
  }

  @MessagePattern(USERS_PATTERNS.gradeReview)
  grade(@Payload(PathIdAndBody(ReviewGradeDto, 'userId')) { id, body }: WithPathId<ReviewGradeDto>): Promise<ReviewDeck> {
    return this.review.grade(id, body);
  }
}
