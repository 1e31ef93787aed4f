import type { z } from 'zod';
import type { Access } from '../plugins/access.ts';
import type { SessionUser } from './session.ts';

/** A callable function (spec §7): a name, its input contract, who may call it, and what it does. */
export interface Callable<S extends z.ZodType = z.ZodType> {
  name: string;
  input: S;
  access: Access;
  run(session: SessionUser, data: z.output<S>): Promise<unknown>;
}

export function defineCallable<S extends z.ZodType>(c: Callable<S>): Callable {
  return c as unknown as Callable;
}
