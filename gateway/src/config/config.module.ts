import { type DynamicModule, Global, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from './gateway.config.js';

/** Makes the parsed settings injectable everywhere as `@Inject(GATEWAY_CONFIG)`. */
@Global()
@Module({})
export class GatewayConfigModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayConfigModule,
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
      exports: [GATEWAY_CONFIG],
    };
  }
}
