import { describe, expect, it } from 'vitest';
import { checkField } from '../../shared/records/validation';
import { implementFill, normalizePlate, normalizeRenavam, tonnes, truckMsg, truckRules } from './trucks';

const TABLE = [
  { name: 'TRUCK', shaftQuantity: 3, grossCapacity: 23, netCapacity: 16 },
  { name: 'RODOTREM 11 EIXOS', shaftQuantity: 11, grossCapacity: 91, netCapacity: 65.6 },
];

describe('truck form', () => {
  it('keeps only letters and digits of a plate, upper case, at most 7', () => {
    expect(normalizePlate('abc-1d23')).toBe('ABC1D23');
    expect(normalizePlate(' ab.c 12345 ')).toBe('ABC1234');
    expect(normalizePlate(undefined)).toBe('');
  });

  it('keeps digits and the hyphen of a renavam, at most 12', () => {
    expect(normalizeRenavam('123456789-01x')).toBe('123456789-01');
    expect(normalizeRenavam('1234567890123')).toBe('123456789012');
  });

  it('answers the spec messages', () => {
    expect(checkField(truckRules.licensePlate, '')).toBe(truckMsg.plateRequired);
    expect(checkField(truckRules.licensePlate, 'ABC12')).toBe('Placa deve conter 7 caracteres');
    expect(checkField(truckRules.licensePlate, 'ABC1D23')).toBeNull();
    expect(checkField(truckRules.renavam, ' ')).toBe('Renavam e obrigatorio!');
    expect(checkField(truckRules.renavam, '12345678')).toBe('Renavam inválido');
    expect(checkField(truckRules.renavam, '123456789-01')).toBeNull();
    expect(checkField(truckRules.owner, 'x'.repeat(51))).toBe('Tamanho maximo de 50 caracteres');
    expect(checkField(truckRules.owner, '')).toBeNull();
  });

  it('fills axles and capacities from the implement table', () => {
    expect(implementFill(TABLE, 'RODOTREM 11 EIXOS')).toEqual({ shaftQuantity: 11, grossCapacity: 91, netCapacity: 65.6 });
    expect(implementFill(TABLE, undefined)).toEqual({ shaftQuantity: null, grossCapacity: null, netCapacity: null });
  });

  it('shows tonnes with two decimals', () => {
    expect(tonnes(65.6)).toBe('65,60 t');
    expect(tonnes(null)).toBe('');
  });
});
