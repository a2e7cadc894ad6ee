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

use serde_json::Value;
use spa_platform::errors;
use spa_platform::http::{Http, Method};
use spa_proto::spa::content::v1::Weather;
use tonic::{Code, Status};

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

    pub async fn now(&self) -> Result<Weather, Status> {
        let Some(upstream) = &self.upstream else {
            return Err(errors::with_details(Code::NotFound, "weather_unavailable", "No weather service is configured.", &[]));
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
        reading.as_ref().clone().ok_or_else(unavailable)
    }
}

fn unavailable() -> Status {
    errors::with_details(Code::Unavailable, "weather_unavailable", "The weather is not available.", &[])
}

async fn ask(upstream: &Upstream) -> anyhow::Result<Weather> {
    let (status, text) = upstream.http.exchange(Method::GET, &upstream.url, &[("accept", "application/json")], String::new()).await?;
    anyhow::ensure!(status.is_success(), "the weather service answered {status}");
    reading(&serde_json::from_str(&text)?)
}

/// `main.temp` (°C, as asked with `units=metric`) and `weather[0].main`.
fn reading(answer: &Value) -> anyhow::Result<Weather> {
    let celsius = answer["main"]["temp"].as_f64().ok_or_else(|| anyhow::anyhow!("no main.temp"))?;
    anyhow::ensure!((-90.0..=60.0).contains(&celsius), "main.temp {celsius} is not a temperature on Earth");
    let condition = match answer["weather"][0]["main"].as_str().unwrap_or_default() {
        "Clear" => "clear",
        "Clouds" => "clouds",
        "Rain" => "rain",
        "Drizzle" => "drizzle",
        "Thunderstorm" => "thunderstorm",
        "Snow" => "snow",
        _ => "mist",
    };
    let round = |t: f64| (t * 10.0).round() / 10.0;
    Ok(Weather { celsius: round(celsius), fahrenheit: round(celsius * 9.0 / 5.0 + 32.0), condition: condition.into() })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_reading_is_celsius_fahrenheit_and_a_condition() {
        let w = reading(&json!({"main": {"temp": 21.37}, "weather": [{"main": "Clouds"}]})).unwrap();
        assert_eq!((w.celsius, w.fahrenheit, w.condition.as_str()), (21.4, 70.5, "clouds"));
        let w = reading(&json!({"main": {"temp": -5}, "weather": [{"main": "Haze"}]})).unwrap();
        assert_eq!((w.celsius, w.fahrenheit, w.condition.as_str()), (-5.0, 23.0, "mist"));
    }

    #[test]
    fn an_answer_without_a_temperature_is_no_reading() {
        assert!(reading(&json!({"weather": [{"main": "Clear"}]})).is_err());
        assert!(reading(&json!({"main": {"temp": 900}})).is_err());
    }

    #[tokio::test]
    async fn without_settings_there_is_no_weather() {
        let w = WeatherService::new(None, Duration::from_secs(600)).unwrap();
        assert_eq!(w.now().await.unwrap_err().code(), Code::NotFound);
    }
}
