import { type DynamicModule, Inject, Module } from '@nestjs/common';
import { type AsyncModelFactory, getModelToken, MongooseModule } from '@nestjs/mongoose';
import type { Model, Schema } from 'mongoose';
import { EventOutbox } from '../events/event-outbox.js';
import { DocumentLocks, type LockScope } from './document-locks.js';
import { DocumentStore } from './document-store.js';

export interface StoredModel {
  name: string;
  schema: Schema;
  /**
   * `processes` when another process of the service (a second instance, a command) writes these
   * documents too: each write then also holds a claim document. Default `process`.
   */
  lockScope?: LockScope;
}

export function getStoreToken(model: string): string {
  return `${model}DocumentStore`;
}

/** As MongooseModule.forFeatureAsync's entries (a schema made by a factory, with plugins, say). */
export interface StoredModelAsync extends AsyncModelFactory {
  lockScope?: LockScope;
}

/** Injects the `DocumentStore` of a model registered with `StorageModule.forFeature`. */
export const InjectStore = (model: string): ParameterDecorator => Inject(getStoreToken(model));

/**
 * `MongooseModule.forFeature` plus a DocumentStore per model. The models stay injectable as usual
 * (`@InjectModel`) for what a store does not cover; EventOutbox and DocumentLocks come from the
 * ServiceKitModule.
 */
@Module({})
export class StorageModule {
  static forFeature(models: readonly StoredModel[]): DynamicModule {
    return StorageModule.withStores(MongooseModule.forFeature(models.map(({ name, schema }) => ({ name, schema }))), models);
  }

  static forFeatureAsync(models: readonly StoredModelAsync[]): DynamicModule {
    return StorageModule.withStores(MongooseModule.forFeatureAsync(models.map(({ lockScope: _scope, ...model }) => model)), models);
  }

  private static withStores(mongoose: DynamicModule, models: readonly { name: string; lockScope?: LockScope }[]): DynamicModule {
    const stores = models.map(({ name, lockScope }) => ({
      provide: getStoreToken(name),
      useFactory: (model: Model<unknown>, outbox: EventOutbox, locks: DocumentLocks) => new DocumentStore(model, outbox, locks, lockScope),
      inject: [getModelToken(name), EventOutbox, DocumentLocks],
    }));
    return {
      module: StorageModule,
      imports: [mongoose],
      providers: stores,
      exports: [mongoose, ...stores.map((store) => store.provide)],
    };
  }
}
