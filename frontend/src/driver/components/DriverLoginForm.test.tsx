// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DriverLoginForm, validateDriverCredentials } from './DriverLoginForm';

afterEach(cleanup);

function fill(cpf: string, birth: string) {
  fireEvent.change(screen.getByLabelText('CPF'), { target: { value: cpf } });
  fireEvent.change(screen.getByLabelText('Data de nascimento'), { target: { value: birth } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('DriverLoginForm', () => {
  it("shows 'Cpf Inválido' for a CPF with a wrong check digit and sends nothing", () => {
    const onSubmit = vi.fn();
    render(<DriverLoginForm onSubmit={onSubmit} />);
    fill('52998224724', '31121990');
    expect(screen.getByText('Cpf Inválido')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('CPF').getAttribute('aria-invalid')).toBe('true');
    // Nothing typed is lost.
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('529.982.247-24');
  });

  it('masks as the driver types and sends valid credentials', () => {
    const onSubmit = vi.fn();
    render(<DriverLoginForm onSubmit={onSubmit} />);
    fill('52998224725', '31121990');
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('529.982.247-25');
    expect((screen.getByLabelText('Data de nascimento') as HTMLInputElement).value).toBe('31/12/1990');
    expect(onSubmit).toHaveBeenCalledWith({ cpf: '529.982.247-25', birthDate: '31/12/1990' });
  });

  it('asks for both fields and refuses an impossible date', () => {
    const onSubmit = vi.fn();
    render(<DriverLoginForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Número de CPF é obrigatório!')).toBeTruthy();
    expect(screen.getByText('Data de nascimento é obrigatório!')).toBeTruthy();
    fill('52998224725', '31022000');
    expect(screen.getByText('Data de nascimento inválida')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits with Enter from the keyboard and pre-fills from a link', () => {
    const onSubmit = vi.fn();
    render(<DriverLoginForm onSubmit={onSubmit} initialCpf="52998224725" initialBirthDate="31/12/1990" />);
    fireEvent.submit(screen.getByLabelText('Data de nascimento').closest('form') as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledWith({ cpf: '529.982.247-25', birthDate: '31/12/1990' });
  });
});

describe('validateDriverCredentials', () => {
  it('checks CPF digits and the date', () => {
    expect(validateDriverCredentials({ cpf: '111.111.111-11', birthDate: '01/01/1990' })).toEqual({ cpf: 'Cpf Inválido' });
    expect(validateDriverCredentials({ cpf: '529.982.247-25', birthDate: '01/01/1990' })).toEqual({});
  });
});
