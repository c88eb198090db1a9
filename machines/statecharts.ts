/**
 * The flows as statechart diagrams for people who read rather than run them (QA, product):
 * each machine is walked from its definition and written as a Mermaid `stateDiagram-v2`, which
 * GitHub and most editors draw. docs/flows.md is generated from here (`npm run docs:flows`) and
 * a test keeps it in step with the machines, so the pictures never drift from the code.
 */
import type { AnyStateMachine } from 'xstate';
import { cancelPurchaseMachine } from './cancel-purchase.machine';
import { cancelSlipMachine } from './cancel-slip.machine';
import { checkinMachine } from './checkin.machine';
import { checkoutMachine } from './checkout.machine';
import { loginMachine } from './login.machine';
import { paymentMachine } from './payment.machine';
import { supportPanelMachine } from './support-panel.machine';
import { trailBookingMachine } from './trail-booking.machine';
import { voucherSwapMachine } from './voucher-swap.machine';

/** The machines drawn in docs/flows.md, in order. */
export const FLOWS: ReadonlyArray<{ title: string; machine: AnyStateMachine; source: string }> = [
  {
    title: 'Checkout: the hold from the first add to paid, pending, cancelled or expired',
    machine: checkoutMachine,
    source: 'machines/checkout.machine.ts',
  },
  {
    title: 'Payment: the card payment of one hold (a child of the checkout)',
    machine: paymentMachine,
    source: 'machines/payment.machine.ts',
  },
  {
    title: 'Login: credentials, pending terms and the profile check',
    machine: loginMachine,
    source: 'machines/login.machine.ts',
  },
  {
    title: 'Cancel slip: an order awaiting its bank slip, from my orders',
    machine: cancelSlipMachine,
    source: 'machines/cancel-slip.machine.ts',
  },
  {
    title: 'Cancel purchase: paid tickets chosen, confirmed, their refund pending, from my orders',
    machine: cancelPurchaseMachine,
    source: 'machines/cancel-purchase.machine.ts',
  },
  {
    title: 'Check-in: the gate, from the staff login to scans online and offline, and their sync',
    machine: checkinMachine,
    source: 'machines/checkin.machine.ts',
  },
  {
    title: 'Voucher swap: a partner voucher for its tickets, picking a session when open-dated',
    machine: voucherSwapMachine,
    source: 'machines/voucher-swap.machine.ts',
  },
  {
    title:
      'Trail booking: the slot (day, then time) of a paid ticket that needs one, from my orders',
    machine: trailBookingMachine,
    source: 'machines/trail-booking.machine.ts',
  },
  {
    title: 'Support panel: the FAQ loaded when it first opens, the third-party chat when asked for',
    machine: supportPanelMachine,
    source: 'machines/support-panel.machine.ts',
  },
];

/** The parts of an XState state node the drawing reads. */
interface Node {
  key: string;
  id: string;
  type: string;
  states: Record<string, Node>;
  tags: Set<string>;
  initial?: { target: Node[] } | undefined;
  transitions: Map<string, Transition[]>;
  always?: Transition[] | undefined;
  invoke: Array<{ src: unknown; id: string }>;
}
interface Transition {
  target?: Node[] | undefined;
  /** A guard's name, `{ type }` with params, or an inline function. */
  guard?: string | { type?: string } | ((...args: never[]) => boolean) | undefined;
}

const idOf = (n: Node) => n.id.replaceAll('.', '_');

/** `xstate.done.actor.loadCart` → `loadCart done`; plain event types stay as they are. */
function eventLabel(type: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error) return `${error[1]} error`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]} ms` : `after ${after[1]}`;
  return type;
}

function guardLabel(t: Transition): string {
  const g = t.guard;
  if (!g) return '';
  const name = typeof g === 'string' ? g : typeof g === 'function' ? g.name : g.type;
  return ` [${name || 'guard'}]`;
}

function drawNode(n: Node, indent: string, lines: string[]): void {
  const children = Object.values(n.states);
  if (n.initial) {
    for (const t of n.initial.target) lines.push(`${indent}[*] --> ${idOf(t)}`);
  }
  for (const c of children) {
    if (Object.keys(c.states).length > 0) {
      lines.push(`${indent}state "${c.key}" as ${idOf(c)} {`);
      drawNode(c, `${indent}  `, lines);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state "${c.key}" as ${idOf(c)}`);
    }
    const notes = [
      ...[...c.tags].sort().map((tag) => `tag ${tag}`),
      ...c.invoke.map((i) => `invokes ${typeof i.src === 'string' ? i.src : i.id}`),
    ];
    if (notes.length > 0) lines.push(`${indent}${idOf(c)} : ${notes.join(', ')}`);
  }
  for (const c of children) {
    for (const [type, defs] of c.transitions) {
      for (const t of defs) {
        // Transitions without a target only update the context (a clock tick): not drawn.
        for (const target of t.target ?? []) {
          lines.push(
            `${indent}${idOf(c)} --> ${idOf(target)} : ${eventLabel(type)}${guardLabel(t)}`,
          );
        }
      }
    }
    for (const t of c.always ?? []) {
      for (const target of t.target ?? []) {
        lines.push(`${indent}${idOf(c)} --> ${idOf(target)} : always${guardLabel(t)}`);
      }
    }
    if (c.type === 'final') lines.push(`${indent}${idOf(c)} --> [*]`);
  }
}

/** One machine as a Mermaid state diagram. */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  drawNode(machine.root as unknown as Node, '  ', lines);
  return lines.join('\n');
}

/** The whole of docs/flows.md. */
export function flowsMarkdown(): string {
  const parts = [
    '# Flows',
    '',
    '<!-- Generated from machines/ by `npm run docs:flows`; a test fails when it is stale. -->',
    '',
    'Every flow with more than two states is an XState v5 machine in `machines/`. These are',
    'their statecharts, drawn from the definitions. Arrows are labelled with the event (`… done`',
    'and `… error` are the results of an invoked actor), then the guard in brackets; each state',
    'notes its tags (what the views ask for) and the actors it invokes. To watch a flow live,',
    'add `?inspect` to any storefront URL.',
  ];
  for (const flow of FLOWS) {
    parts.push('', `## ${flow.title}`, '', `Source: \`${flow.source}\``, '');
    parts.push('```mermaid', toMermaid(flow.machine), '```');
  }
  return `${parts.join('\n')}\n`;
}
