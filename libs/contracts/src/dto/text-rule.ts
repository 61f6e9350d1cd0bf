import { IsString, Length } from 'class-validator';
import { lengthMessage, type Range } from '../limits.js';

/** A text field of `range` characters, refused in the words the forms use: `Answer must be text.`, `Answer must be 10 to 3000 characters long.` */
export function IsText(label: string, range: Range, message = lengthMessage(label, range)): PropertyDecorator {
  return (target, property) => {
    IsString({ message: `${label} must be text.` })(target, property);
    Length(range.min, range.max, { message })(target, property);
  };
}
