import { workspaceAggregate } from '@app/domain/workspace/workspace.decider';
import { EVENT_STORE, SqliteEventStore } from '@app/storage';
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AGGREGATE_WRITERS, WorkspaceAggregateWriter } from './aggregate-writers';
import { AggregateWritersModule } from './aggregate-writers.module';
import { DeciderExecutor } from './decider-executor';
import { StreamAppender } from './stream-appender';

describe('AggregateWritersModule', () => {
  it('builds every writer from the one DeciderExecutor, and the StreamAppender from the event store', async () => {
    const eventStore = new SqliteEventStore({ path: ':memory:' });
    const executor = new DeciderExecutor(eventStore);
    @Global()
    @Module({
      providers: [
        { provide: EVENT_STORE, useValue: eventStore },
        { provide: DeciderExecutor, useValue: executor },
      ],
      exports: [EVENT_STORE, DeciderExecutor],
    })
    class StoresModule {}
    @Module({ imports: [StoresModule, AggregateWritersModule] })
    class HostModule {}
    const app = await NestFactory.createApplicationContext(HostModule, { logger: false });
    try {
      for (const writer of AGGREGATE_WRITERS) expect(app.get(writer)).toBeInstanceOf(writer);
      const outcome = await app
        .get(WorkspaceAggregateWriter)
        .run('W0rkspace1', { type: 'CreateWorkspace', workspaceId: 'W0rkspace1', name: 'Acme', region: 'us-central1', globalSpaceId: 'vlt_g', conversationsSpaceId: 'vlt_c' }, 'system');
      expect(outcome.events.map((event) => event.type)).toContain('WorkspaceCreated');
      expect(await executor.read(workspaceAggregate, 'W0rkspace1')).toEqual(outcome.state);
      expect(app.get(StreamAppender)).toBeInstanceOf(StreamAppender);
    } finally {
      await app.close();
      await eventStore.close();
    }
  });
});
