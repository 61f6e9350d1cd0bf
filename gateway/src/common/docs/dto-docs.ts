import * as contractDtos from '@dblearn/contracts/dto';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getMetadataStorage } from 'class-validator';

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

type Dto = abstract new (...args: never[]) => unknown;

const documented = new WeakSet<Dto>();

/** What one class-validator rule says about a field, in OpenAPI's words. */
function describeRule(rule: ValidationMetadata, options: Record<string, unknown>): void {
  const [first, second] = (rule.constraints ?? []) as unknown[];
  switch (rule.name) {
    case 'isString':
      options.type ??= String;
      break;
    case 'isInt':
      options.type = 'integer';
      break;
    case 'isNumber':
      options.type ??= Number;
      break;
    case 'isBoolean':
      options.type = Boolean;
      break;
    case 'isIn':
    case 'isEnum':
      options.enum = Array.isArray(first) ? first : Object.values(first as object);
      break;
    case 'isLength':
      options.minLength = first;
      if (typeof second === 'number') options.maxLength = second;
      break;
    case 'minLength':
      options.minLength = first;
      break;
    case 'maxLength':
      options.maxLength = first;
      break;
    case 'min':
      options.minimum = first;
      break;
    case 'max':
      options.maximum = first;
      break;
    case 'isEmail':
      options.format = 'email';
      break;
    case 'isMongoId':
      options.type ??= String;
      options.example = '665f1c2a9b1e8a3d4c5b6a79';
      break;
    case 'isArray':
      options.isArray = true;
      break;
    case 'arrayMaxSize':
      options.maxItems = first;
      break;
    case 'arrayMinSize':
      options.minItems = first;
      break;
    // The union-typed fields of checks and attempts (contracts dto/check-rules.ts).
    case 'isQuizKey':
      options.oneOf = [{ type: 'number' }, { type: 'array', items: { type: 'string' } }];
      break;
    case 'isQuizAnswer':
      options.oneOf = [{ type: 'array', items: { type: 'integer' } }, { type: 'number' }, { type: 'array', items: { type: 'string' } }];
      break;
  }
}

/**
 * Gives a contracts DTO its OpenAPI description, read from the class-validator rules that validate
 * it (types, enums, lengths, bounds, optional fields, nested DTOs), with the rules' own sentences as
 * the description. So a gateway endpoint takes the DTO itself as its `@Body()`: no Body class that
 * restates it, and /api/docs never drifts from what is enforced.
 */
export function documentDto(dto: Dto): void {
  if (documented.has(dto)) return;
  documented.add(dto);
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto as unknown as new () => unknown, '', true, false);
  const byField = new Map<string, ValidationMetadata[]>();
  for (const rule of rules) byField.set(rule.propertyName, [...(byField.get(rule.propertyName) ?? []), rule]);
  for (const [field, fieldRules] of byField) {
    const options: Record<string, unknown> = { required: !fieldRules.some((rule) => rule.type === 'conditionalValidation') };
    for (const rule of fieldRules) {
      if (rule.each) options.isArray = true;
      describeRule(rule, options);
    }
    if (fieldRules.some((rule) => rule.type === 'nestedValidation')) {
      const nested = defaultMetadataStorage.findTypeMetadata(dto, field)?.typeFunction() as Dto | undefined;
      if (nested) {
        documentDto(nested);
        options.type = nested;
      }
    }
    const sentences = [...new Set(fieldRules.map((rule) => rule.message).filter((message): message is string => typeof message === 'string'))];
    if (sentences.length > 0) options.description = sentences.join(' ');
    ApiProperty(options as ApiPropertyOptions)((dto as unknown as { prototype: object }).prototype, field);
  }
}

/** Every DTO of @dblearn/contracts/dto, before the OpenAPI document is built. */
export function documentContractDtos(): void {
  for (const value of Object.values(contractDtos)) {
    if (typeof value === 'function' && getMetadataStorage().getTargetValidationMetadatas(value as new () => unknown, '', true, false).length > 0) {
      documentDto(value as Dto);
    }
  }
}
