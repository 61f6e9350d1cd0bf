import { z } from 'zod';
import { DIFFICULTIES } from '../levels.js';
import { TOPICS } from '../topics.js';

/** Field shapes the answers share; each carries its own OpenAPI description. */
export const objectId = () => z.string().meta({ example: '665f1c2a9b1e8a3d4c5b6a79', description: 'MongoDB ObjectId (hex).' });

/** The course an item belongs to. */
export const courseRef = () => objectId().nullable().meta({ description: 'The course it belongs to; null while it belongs to none.' });

export const topic = () => z.enum(TOPICS).meta({ description: 'beginner = Basic Concepts, rm = Relational Model, fo = File Organization, nosql, sql.' });

export const difficulty = () => z.enum(DIFFICULTIES);

export const dateTime = () => z.string().meta({ format: 'date-time', example: '2026-11-23T15:50:00.000Z' });

export const email = () => z.string().meta({ format: 'email', example: 'ada@example.com' });
