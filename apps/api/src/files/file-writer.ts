import type { FileCommand } from '@app/domain/file/file.commands';
import { fileAggregate } from '@app/domain/file/file.decider';
import { Injectable } from '@nestjs/common';
import { DeciderExecutor } from '../application/decider-executor';

type WithoutNow<C> = C extends unknown ? Omit<C, 'now'> : never;

/** The file aggregate as the api uses it: every command stamped with the time. */
@Injectable()
export class FileWriter {
  constructor(private readonly executor: DeciderExecutor) {}

  /** Runs one command on a file's stream; returns the position of its last event (null: no change). */
  async run(fileId: string, command: WithoutNow<FileCommand>, actor: string): Promise<number | null> {
    const full = { ...command, now: Date.now() } as FileCommand;
    return (await this.executor.execute(fileAggregate, fileId, full, { actor })).position;
  }
}
