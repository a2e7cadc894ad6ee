//! The weather at the guesthouse, from an OpenWeatherMap-style service
//! (`WEATHER_URL`, `WEATHER_API_KEY`, `GUESTHOUSE_LAT`/`GUESTHOUSE_LON`):
//! `main.temp` in °C and `weather[0].main` as one of a few conditions the
//! web has icons for. One answer, or its failure, is kept for
//! `WEATHER_CACHE_SECONDS` (10 minutes); concurrent askers share one
//! upstream call, so the service is asked at most once a period per
//! process, whatever the traffic. Without settings there is no weather
//! (NOT_FOUND); while the service fails, UNAVAILABLE. The widget hides.

use std::sync::Arc;
use std::time::Duration;

use spa_platform::http::{Http, Method};
use spa_proto::spa::content::v1::Weather;

use crate::domain::weather::reading;
use crate::error::ContentError;

/// Where the weather is asked, with the key; never logged.
#[derive(Clone)]
struct Upstream {
    url: String,
    http: Http,
}

#[derive(Clone)]
pub struct WeatherService {
    upstream: Option<Upstream>,
    cache: moka::future::Cache<(), Arc<Option<Weather>>>,
}

impl WeatherService {
    /// From the settings (`setting` as [`spa_platform::runtime::Infra::setting`]).
    pub fn from_settings(setting: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let or = |name: &str, default: &str| setting(name).unwrap_or_else(|| default.to_owned());
        let ttl = Duration::from_secs(or("WEATHER_CACHE_SECONDS", "600").parse()?);
        let Some(base) = setting("WEATHER_URL") else { return Self::new(None, ttl) };
        let (lat, lon) = (or("GUESTHOUSE_LAT", "52.46"), or("GUESTHOUSE_LON", "14.86"));
        anyhow::ensure!(lat.parse::<f64>().is_ok() && lon.parse::<f64>().is_ok(), "GUESTHOUSE_LAT and GUESTHOUSE_LON must be numbers");
        let key = or("WEATHER_API_KEY", "");
        let url = format!("{base}?lat={lat}&lon={lon}&units=metric&appid={key}");
        Self::new(Some(url), ttl)
    }

    fn new(url: Option<String>, ttl: Duration) -> anyhow::Result<Self> {
        let upstream = match url {
            Some(url) => Some(Upstream { url, http: Http::with_timeout(Duration::from_secs(3))? }),
            None => None,
        };
        Ok(Self { upstream, cache: moka::future::Cache::builder().max_capacity(1).time_to_live(ttl).build() })
    }

    /// Describes where the weather comes from, without the key.
    pub fn describe(&self) -> String {
        match &self.upstream {
            Some(u) => u.url.split('?').next().unwrap_or_default().to_owned(),
            None => "not configured".into(),
        }
    }

    pub async fn now(&self) -> Result<Weather, ContentError> {
        let Some(upstream) = &self.upstream else {
            return Err(ContentError::NoWeather);
        };
        let reading = self
            .cache
            .get_with((), async {
                match ask(upstream).await {
                    Ok(w) => Arc::new(Some(w)),
                    Err(e) => {
                        tracing::warn!(error = %e, "the weather service gave no reading");
                        Arc::new(None)
                    }
                }
            })
            .await;
        reading.as_ref().clone().ok_or(ContentError::WeatherUnavailable)
    }
}

async fn ask(upstream: &Upstream) -> anyhow::Result<Weather> {
    let (status, text) = upstream.http.exchange(Method::GET, &upstream.url, &[("accept", "application/json")], String::new()).await?;
    anyhow::ensure!(status.is_success(), "the weather service answered {status}");
    reading(&serde_json::from_str(&text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn without_settings_there_is_no_weather() {
        let w = WeatherService::new(None, Duration::from_secs(600)).unwrap();
        assert!(matches!(w.now().await, Err(ContentError::NoWeather)));
    }
}
