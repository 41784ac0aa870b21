import { Global, Module } from '@nestjs/common';
import { AGGREGATE_WRITERS } from './aggregate-writers';
import { StreamAppender } from './stream-appender';

/**
 * The two write ports of the api, for every module: the writer of each aggregate (a command
 * through its decider) and the StreamAppender (streams no decider guards). Nothing else appends.
 */
@Global()
@Module({
  providers: [...AGGREGATE_WRITERS, StreamAppender],
  exports: [...AGGREGATE_WRITERS, StreamAppender],
})
export class AggregateWritersModule {}
