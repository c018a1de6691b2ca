//! Webhook deliveries (issue 26) by reqwest's blocking client: a short timeout (a slow
//! receiver costs the delivery job at most that, never the queue), no redirects, and the
//! private-address policy applied to the addresses the host resolves to at each attempt, the
//! connection pinned to the address checked (no DNS rebinding).

use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::Mutex;
use std::time::Duration;

use patio_application::integration::ports::{WebhookPost, WebhookSender};
use patio_domain::integration::is_public_ip;

/// A receiver has this long to answer.
pub const WEBHOOK_TIMEOUT: Duration = Duration::from_secs(5);

pub struct HttpWebhookSender {
    allow_private: bool,
    timeout: Duration,
    /// The shared client (private addresses allowed); made on first use, on a blocking thread.
    client: Mutex<Option<reqwest::blocking::Client>>,
}

impl Drop for HttpWebhookSender {
    fn drop(&mut self) {
        // The blocking client owns a runtime that must not be dropped on an async thread.
        if let Some(client) = self.client.get_mut().ok().and_then(Option::take) {
            std::thread::spawn(move || drop(client));
        }
    }
}

impl HttpWebhookSender {
    pub fn new(allow_private: bool) -> Self {
        Self::with_timeout(allow_private, WEBHOOK_TIMEOUT)
    }

    pub fn with_timeout(allow_private: bool, timeout: Duration) -> Self {
        Self {
            allow_private,
            timeout,
            client: Mutex::new(None),
        }
    }

    fn builder(&self) -> reqwest::blocking::ClientBuilder {
        reqwest::blocking::Client::builder()
            .timeout(self.timeout)
            .connect_timeout(self.timeout.min(Duration::from_secs(3)))
            .redirect(reqwest::redirect::Policy::none())
            .user_agent("Patio-Webhooks/1")
    }

    fn shared(&self) -> Result<reqwest::blocking::Client, String> {
        let mut slot = self.client.lock().map_err(|e| e.to_string())?;
        if let Some(c) = slot.as_ref() {
            return Ok(c.clone());
        }
        let c = self.builder().build().map_err(|e| e.to_string())?;
        *slot = Some(c.clone());
        Ok(c)
    }

    /// A client for this URL: the shared one when private addresses are allowed, otherwise
    /// one pinned to a public address the host resolves to (refused if any is not public).
    fn client_for(&self, url: &url::Url) -> Result<reqwest::blocking::Client, String> {
        if self.allow_private {
            return self.shared();
        }
        let host = url.host_str().ok_or("URL sem host")?;
        let port = url.port_or_known_default().ok_or("URL sem porta")?;
        let addrs: Vec<SocketAddr> = (host.trim_matches(['[', ']']), port)
            .to_socket_addrs()
            .map_err(|e| format!("DNS: {e}"))?
            .collect();
        if addrs.is_empty() || addrs.iter().any(|a| !is_public_ip(a.ip())) {
            return Err("endereço privado ou local recusado".to_owned());
        }
        self.builder()
            .resolve(host, addrs[0])
            .build()
            .map_err(|e| e.to_string())
    }
}

impl WebhookSender for HttpWebhookSender {
    fn post(&self, post: &WebhookPost<'_>) -> Result<u16, String> {
        let url = url::Url::parse(post.url).map_err(|e| format!("URL inválida: {e}"))?;
        let client = self.client_for(&url)?;
        let answer = client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header("X-Patio-Signature", &post.signature)
            .header("X-Patio-Timestamp", post.timestamp.to_string())
            .header("X-Patio-Delivery", post.delivery_id.to_string())
            .body(post.body.to_owned())
            .send()
            .map_err(|e| {
                if e.is_timeout() {
                    "sem resposta no tempo limite".to_owned()
                } else if e.is_connect() {
                    "conexão recusada ou inalcançável".to_owned()
                } else {
                    e.to_string()
                }
            })?;
        Ok(answer.status().as_u16())
    }

    fn allows_private(&self) -> bool {
        self.allow_private
    }
}
