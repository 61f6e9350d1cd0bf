import { describe, expect, it } from '@jest/globals';
import { BadRequestException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import mongoose from 'mongoose';
import { badRequest, conflict, INTERNAL_ERROR_BODY, isDuplicateKeyError, notFound, rpcError, toRpcErrorBody } from './rpc-errors.js';

describe('rpc error helpers', () => {
  it('carry an RpcErrorBody the gateway can map to the same status', () => {
    expect(badRequest('Nope.').getError()).toEqual({ statusCode: 400, message: 'Nope.' });
    expect(notFound('Gone.').getError()).toEqual({ statusCode: 404, message: 'Gone.' });
    expect(conflict('Twice.').getError()).toEqual({ statusCode: 409, message: 'Twice.' });
    expect(rpcError(422, ['a.', 'b.']).getError()).toEqual({ statusCode: 422, message: ['a.', 'b.'] });
  });
});

describe('toRpcErrorBody', () => {
  it('passes a deliberate refusal through unchanged', () => {
    expect(toRpcErrorBody(badRequest(['E-mail must be text.']))).toEqual({
      body: { statusCode: 400, message: ['E-mail must be text.'] },
      unexpected: false,
    });
  });

  it('answers a bare 500 for an RpcException without a proper body', () => {
    expect(toRpcErrorBody(new RpcException('something internal'))).toEqual({ body: INTERNAL_ERROR_BODY, unexpected: true });
    expect(toRpcErrorBody(new RpcException({ statusCode: 200, message: 'ok?' }))).toEqual({ body: INTERNAL_ERROR_BODY, unexpected: true });
  });

  it("keeps a Nest HttpException's 4xx status and message", () => {
    expect(toRpcErrorBody(new NotFoundException('No such course.')).body).toEqual({ statusCode: 404, message: 'No such course.' });
    expect(toRpcErrorBody(new BadRequestException(['a.', 'b.'])).body).toEqual({ statusCode: 400, message: ['a.', 'b.'] });
  });

  it('never forwards the detail of a 5xx HttpException', () => {
    expect(toRpcErrorBody(new ServiceUnavailableException('pool exhausted at db-3'))).toEqual({ body: INTERNAL_ERROR_BODY, unexpected: true });
  });

  it('turns a mongoose validation error into one sentence per field, without the database message', async () => {
    const schema = new mongoose.Schema({ title: { type: String, required: true }, level: { type: String, enum: ['a', 'b'] } });
    const Model = mongoose.model('RpcErrorsSpecDoc', schema);
    const error = await new Model({ level: 'z' }).validate().catch((failure: unknown) => failure);
    const { body, unexpected } = toRpcErrorBody(error);
    expect(unexpected).toBe(false);
    expect(body.statusCode).toBe(400);
    expect([...(body.message as string[])].sort()).toEqual(['level has a value that is not allowed.', 'title is required.']);
  });

  it('turns a cast error into a 400 about the id', () => {
    const error = new mongoose.Error.CastError('ObjectId', 'zzz', '_id');
    expect(toRpcErrorBody(error)).toEqual({ body: { statusCode: 400, message: '_id must be a valid id.' }, unexpected: false });
  });

  it('hides everything else behind a bare 500', () => {
    const result = toRpcErrorBody(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(result).toEqual({ body: { statusCode: 500, message: 'Internal error.' }, unexpected: true });
    expect(toRpcErrorBody('a string').unexpected).toBe(true);
  });
});

describe('isDuplicateKeyError', () => {
  it('recognises E11000 from the driver and when wrapped', () => {
    expect(isDuplicateKeyError(Object.assign(new Error('E11000 duplicate key'), { code: 11000 }))).toBe(true);
    expect(isDuplicateKeyError(new Error('wrapped', { cause: { code: 11000 } }))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isDuplicateKeyError(Object.assign(new Error('NotImplemented'), { code: 238 }))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
    expect(isDuplicateKeyError('E11000')).toBe(false);
  });
});
