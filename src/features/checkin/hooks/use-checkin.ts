import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { checkinMachine } from '#machines/checkin.machine.ts';
import type {
  CheckinCodeInput,
  CheckinLoginInput,
  CheckinOfflineInput,
  CheckinOfflineListInput,
  CheckinOfflineOutput,
  CheckinOfflineSummary,
  CheckinOutcome,
  CheckinStaff,
  CheckinSyncOutput,
  CheckinTokenInput,
} from '#machines/checkin.types.ts';
import type { CheckinSessao } from '#schemas/rest/checkin.ts';
import { inspectOptions } from '#src/lib/inspect.ts';
import {
  fetchCheckinSessoes,
  fetchOfflineList,
  postCheckinLogin,
  postCheckinLogout,
  postSincronizar,
  postValidar,
} from '../checkin-api';
import {
  checkOnDevice,
  outcomeOfAnswer,
  readDevice,
  storeList,
  syncDevice,
  updateDevice,
} from '../checkin-device';

/** The gate's machine with its actors: the check-in API and the device's own store. */
function createCheckinLogic() {
  return checkinMachine.provide({
    actors: {
      logIn: fromPromise<CheckinStaff, CheckinLoginInput>(async ({ input, signal }) => {
        const r = await postCheckinLogin(input, signal);
        return { token: r.token, usuario: r.usuario };
      }),
      fetchSessions: fromPromise<CheckinSessao[], CheckinTokenInput>(({ input, signal }) =>
        fetchCheckinSessoes(input.token, signal),
      ),
      fetchOfflineList: fromPromise<CheckinOfflineSummary, CheckinOfflineListInput>(
        async ({ input, signal }) => {
          const list = await fetchOfflineList(input.token, input.idapresentacao, signal);
          storeList(list);
          return { ingressos: list.ingressos.length, gerado_em: list.gerado_em };
        },
      ),
      checkCode: fromPromise<CheckinOutcome, CheckinCodeInput>(async ({ input, signal }) => {
        const answer = await postValidar(
          input.token,
          {
            codigo: input.codigo,
            idapresentacao: input.idapresentacao,
            ...(input.portao ? { portao: input.portao } : {}),
          },
          signal,
        );
        return outcomeOfAnswer(answer, input.portao);
      }),
      checkOffline: fromPromise<CheckinOfflineOutput, CheckinOfflineInput>(({ input }) =>
        checkOnDevice(input.codigo, input.idapresentacao, input.portao),
      ),
      syncScans: fromPromise<CheckinSyncOutput, CheckinTokenInput>(({ input, signal }) =>
        syncDevice((leituras) => postSincronizar(input.token, leituras, signal)),
      ),
      logOut: fromPromise<void, CheckinTokenInput>(async ({ input, signal }) => {
        await postCheckinLogout(input.token, signal);
      }),
    },
  });
}

/**
 * The gate (machines/checkin.machine.ts) as the page reads it. The device's memory
 * (src/features/checkin/checkin-device.ts) gives the machine its input and keeps the staff,
 * session and gate the machine settles on; the browser's `online` and `offline` events tell it the network's state (back online, the
 * kept scans are synced).
 */
export function useCheckin() {
  const [logic] = useState(createCheckinLogic);
  const [input] = useState(() => {
    const d = readDevice();
    const list = d.idapresentacao === null ? undefined : d.listas[String(d.idapresentacao)];
    return {
      staff: d.staff,
      idapresentacao: d.idapresentacao,
      portao: d.portao,
      pending: d.pendentes.length,
      offlineList: list ? { ingressos: list.ingressos.length, gerado_em: list.gerado_em } : null,
    };
  });
  const actor = useActorRef(logic, { input, ...inspectOptions() });

  useEffect(() => {
    const sub = actor.subscribe((s) => {
      const { staff, idapresentacao, portao } = s.context;
      const d = readDevice();
      if (
        d.staff?.token !== staff?.token ||
        d.idapresentacao !== idapresentacao ||
        d.portao !== portao
      ) {
        updateDevice(() => ({ staff, idapresentacao, portao }));
      }
    });
    const online = () => actor.send({ type: 'network.online' });
    const offline = () => actor.send({ type: 'network.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [actor]);

  const state = useSelector(actor, (s) => s);
  return { actor, state };
}

export type CheckinHandle = ReturnType<typeof useCheckin>;
