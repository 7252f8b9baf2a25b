import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonRow, customForm, intlLocale, SchemaForm, Section, type CustomScreenProps } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { TokenServiceError } from '../transport/token-service.ts';
import { createSignInFactors, type Device, type SignInFactors, type TwoStepChange, type TwoStepChangeStarted, type TwoStepState } from './factors-client.ts';
import { secondaryLoadAllowed } from './secondary.ts';
import './signin.css';

const defaultFactors = createSignInFactors();

/** A form of the spec's `custom.forms`, as SchemaForm takes it. */
type FormOf = ReturnType<typeof customForm>;

/**
 * /setting: two-step settings (document 000 section 7, document 001 sections 3 and 7). The
 * transaction approval mode and the sign-in second factor are each chosen from the values the token
 * service's schema allows (the spec's `custom.forms`: `approvalMode`, `loginMode`), and changed with a
 * code through the method in use (`confirm`, the service's code schema); turning on an authenticator
 * shows its QR code and secret and is confirmed by its first code. Lists the linked devices (loaded as
 * secondary data), each removable after a confirmation.
 */
export function SecuritySettings({ spec, props }: CustomScreenProps) {
  const factors = (props.factors as SignInFactors | undefined) ?? defaultFactors;
  const { t } = useTranslation();
  const { session, feedback, customer } = useApp();
  const [state, setState] = useState<TwoStepState>();
  const [devices, setDevices] = useState<Device[]>();
  const [change, setChange] = useState<{ request: TwoStepChange; started: TwoStepChangeStarted }>();
  const [refusal, setRefusal] = useState<{ field: string; message: string }>();

  const withToken = useCallback(
    async <T,>(work: (token: string) => Promise<T>): Promise<T | undefined> => {
      const token = await session.accessToken();
      if (!token) return undefined;
      return work(token);
    },
    [session],
  );

  const loadDevices = useCallback(async () => {
    await secondaryLoadAllowed();
    setDevices(await withToken((token) => factors.devices(token)));
  }, [factors, withToken]);

  useEffect(() => {
    withToken((token) => factors.twoStepState(token)).then(setState, feedback.showError);
    loadDevices().catch(feedback.showError);
  }, [factors, withToken, loadDevices, feedback]);

  const start = async (request: TwoStepChange) => {
    setRefusal(undefined);
    try {
      const started = await withToken((token) => factors.changeTwoStep(token, request));
      if (started) setChange({ request, started });
    } catch (error) {
      if (error instanceof TokenServiceError && error.field) setRefusal({ field: error.field, message: error.message });
      else feedback.showError(error);
    }
  };
  const confirmed = (next: TwoStepState) => {
    setState(next);
    setChange(undefined);
    feedback.notify('signin.settings.saved');
    void customer.load().catch(() => undefined);
  };

  if (!state) return <p role="status">{t('signin.working')}</p>;
  return (
    <div className="security-settings">
      <ModeSection
        heading={t('signin.settings.approval.title')}
        intro={t('signin.settings.approval.intro')}
        idPrefix="approvalMode"
        form={customForm(spec, 'approvalMode')}
        field="mode"
        current={state.mode ?? undefined}
        error={refusal?.field === 'mode' ? refusal.message : undefined}
        disabled={change !== undefined}
        onChange={(mode) => void start({ mode } as TwoStepChange)}
      />
      <ModeSection
        heading={t('signin.settings.login.title')}
        intro={t('signin.settings.login.intro')}
        idPrefix="loginMode"
        form={customForm(spec, 'loginMode')}
        field="typeMode"
        current={state.typeMode}
        error={refusal?.field === 'typeMode' ? refusal.message : undefined}
        disabled={change !== undefined}
        onChange={(typeMode) => void start({ typeMode } as TwoStepChange)}
      />
      {change && (
        <ConfirmChange
          form={customForm(spec, 'confirm')}
          started={change.started}
          onCancel={() => setChange(undefined)}
          onConfirm={async (code) => {
            const answer = await withToken((token) => factors.confirmTwoStep(token, change.started.reqId, code));
            if (!answer) return;
            if (answer.accessToken && answer.refreshToken) session.adopt({ accessToken: answer.accessToken, refreshToken: answer.refreshToken });
            confirmed(answer);
          }}
        />
      )}
      <DevicesSection
        devices={devices}
        onRemove={async (device) => {
          try {
            await withToken((token) => factors.removeDevice(token, device.id));
            setDevices((list) => list?.filter((item) => item.id !== device.id));
            feedback.notify('signin.settings.devices.removed');
          } catch (error) {
            feedback.showError(error);
          }
        }}
      />
    </div>
  );
}

/** One setting: a select of the values its schema allows, and a button that starts the change. */
function ModeSection(props: {
  heading: string;
  intro: string;
  idPrefix: string;
  form: FormOf;
  field: string;
  current: unknown;
  error?: string;
  disabled: boolean;
  onChange(value: unknown): void;
}) {
  const { t } = useTranslation();
  const { current, field } = props;
  const [data, setData] = useState<Record<string, unknown>>({ [field]: current });
  useEffect(() => setData({ [field]: current }), [field, current]);
  return (
    <Section title={props.heading} description={props.intro}>
      <SchemaForm
        idPrefix={props.idPrefix}
        schema={props.form.schema}
        uiSchema={props.form.uiSchema}
        formData={data}
        serverErrors={props.error ? { [field]: props.error } : undefined}
        onChange={setData}
        onSubmit={(valid) => props.onChange(valid[field])}
      >
        <ButtonRow>
          <Button type="submit" disabled={props.disabled || data[field] === current}>
            {t('signin.settings.change')}
          </Button>
        </ButtonRow>
      </SchemaForm>
    </Section>
  );
}

function ConfirmChange({
  form,
  started,
  onCancel,
  onConfirm,
}: {
  form: FormOf;
  started: TwoStepChangeStarted;
  onCancel(): void;
  onConfirm(code: string): Promise<void>;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState<Record<string, unknown>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (valid: Record<string, unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm(String(valid.code));
    } catch (failure) {
      setError(
        failure instanceof TokenServiceError && failure.attemptsLeft !== undefined
          ? t('signin.wrongCode', { count: failure.attemptsLeft })
          : failure instanceof Error
            ? failure.message
            : String(failure),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="security-settings__confirm">
      <Section title={t('signin.settings.confirm.title')} card>
        {started.enrolment ? (
          <>
            <p>{t('signin.settings.confirm.enrol')}</p>
            <div
              className="signin-step__qr-image"
              role="img"
              aria-label={t('signin.settings.confirm.qrAlt')}
              dangerouslySetInnerHTML={{ __html: started.enrolment.qrSvg }}
            />
            <p>
              {t('signin.settings.confirm.secret')}{' '}
              <code className="security-settings__secret" data-testid="totp-secret">
                {started.enrolment.secret}
              </code>
            </p>
          </>
        ) : (
          <p>{t(`signin.settings.confirm.by.${started.confirmBy}`, { destination: started.destination ?? '' })}</p>
        )}
        <SchemaForm
          idPrefix="twoStepConfirm"
          schema={form.schema}
          uiSchema={form.uiSchema}
          formData={data}
          serverErrors={error ? { code: error } : undefined}
          onChange={(next) => {
            setData(next);
            setError(undefined);
          }}
          onSubmit={(valid) => void submit(valid)}
        >
          <ButtonRow>
            <Button type="submit" pending={busy}>
              {t('signin.confirm')}
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              {t('signin.settings.cancel')}
            </Button>
          </ButtonRow>
        </SchemaForm>
      </Section>
    </div>
  );
}

function DevicesSection({ devices, onRemove }: { devices: Device[] | undefined; onRemove(device: Device): Promise<void> }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<number>();
  return (
    <Section title={t('signin.settings.devices.title')}>
      {!devices ? (
        <p role="status">{t('signin.working')}</p>
      ) : devices.length === 0 ? (
        <p className="signin-step__muted">{t('signin.settings.devices.none')}</p>
      ) : (
        <ul className="security-settings__devices">
          {devices.map((device) => (
            <li key={device.id}>
              <span>
                <strong>{device.name}</strong> <span className="signin-step__muted">{device.type === 'ios' ? 'iOS' : 'Android'}</span>
                {device.lastActivityAt && (
                  <span className="signin-step__muted">
                    {' · '}
                    {t('signin.settings.devices.lastUsed', { date: new Date(device.lastActivityAt).toLocaleDateString(intlLocale(i18n.language)) })}
                  </span>
                )}
              </span>
              {asking === device.id ? (
                <ButtonRow label={t('signin.settings.devices.confirm', { name: device.name })}>
                  <span>{t('signin.settings.devices.confirm', { name: device.name })}</span>
                  {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the question replaces the Remove button the user just pressed; focus moves to its answer so keyboard users keep their place. */}
                  <Button variant="danger" autoFocus onClick={() => void onRemove(device).finally(() => setAsking(undefined))}>
                    {t('signin.settings.devices.remove')}
                  </Button>
                  <Button variant="secondary" onClick={() => setAsking(undefined)}>
                    {t('signin.settings.cancel')}
                  </Button>
                </ButtonRow>
              ) : (
                <Button variant="secondary" aria-label={t('signin.settings.devices.removeNamed', { name: device.name })} onClick={() => setAsking(device.id)}>
                  {t('signin.settings.devices.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
