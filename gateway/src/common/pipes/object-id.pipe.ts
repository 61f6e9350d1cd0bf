import { type ArgumentMetadata, BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { isMongoId } from 'class-validator';

/** A path id must be an ObjectId hex string (CONTRACT: a malformed id is a 400, before any service is asked). */
@Injectable()
export class ObjectIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown, metadata: ArgumentMetadata): string {
    if (typeof value === 'string' && isMongoId(value)) return value;
    throw new BadRequestException(`${metadata.data ?? 'id'} must be a valid id.`);
  }
}
