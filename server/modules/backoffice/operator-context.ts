import type { FastifyRequest } from 'fastify';
import type { OperatorContext } from './backoffice.service';

/** Who acts on a back-office route: the operator the auth hook found, the brand, and the address. */
export const operatorContext = (request: FastifyRequest): OperatorContext => ({
  operator: request.operator!,
  brand: request.brand,
  ip: request.visitor.ip,
});
